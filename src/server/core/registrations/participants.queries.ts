import type { Db } from '../../db/connect.ts'
import { toBool, toCount, toIso } from '../../db/values.ts'
import { ageOn } from '../../../shared/age.ts'
import { balanceCents, dollarsText } from '../../../shared/money.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { HOLDS_PLACE, STATUS_LABELS, type RegistrationStatus } from '../../../shared/schemas/registration.ts'
import { amountDueOf, amountPaidOf } from '../payments/orders.queries.ts'
import { currentWaiverSignedOf } from '../waivers.queries.ts'

/** A place of an offering with its person, child and money, as staff and the coach see it: medical notes leave the server only in staff answers. */
export interface PlaceParticipant {
  registrationId: string
  name: string
  /** A child's age on the first day; null for an adult. */
  age: number | null
  guardianName: string
  guardianPhone: string
  guardianEmail: string
  emergencyContactName: string | null
  emergencyContactPhone: string | null
  medicalNotes: string | null
  waiverSigned: boolean
  photoConsent: boolean | null
  status: RegistrationStatus
  priceCents: number
  paidCents: number
  balanceCents: number
}

/** A waitlist position of an offering, in order. */
export interface PlaceWaiting {
  registrationId: string
  position: number
  name: string
  guardianName: string
  guardianPhone: string
  waitingSince: string
}

/** An offering's places (aliased `r`) with their person and child. */
function places(db: Db, offeringId: string) {
  return db.kysely
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .where('r.offeringId', '=', offeringId)
}

/**
 * Places (aliased `r`) with their person (`u`), child (`c`) and money: what every list of the
 * people holding places reads — an offering's participants here, a league's registrants at the
 * desk. A new child field is a column added here and to the lists that show it.
 */
export function placesWithPeople(db: Db) {
  return db.kysely
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select((eb) => [
      'r.id',
      'r.status',
      'u.displayName',
      'u.email',
      'u.phone',
      'c.firstName',
      'c.lastName',
      'c.dateOfBirth',
      'c.emergencyContactName',
      'c.emergencyContactPhone',
      'c.notes',
      amountDueOf(eb).as('priceCents'),
      amountPaidOf(eb).as('paidCents'),
      currentWaiverSignedOf(eb).as('waiverSigned'),
    ])
}

/** A participant's name: the child's, or the account holder's for an adult. */
const nameOf = (row: { firstName: string | null; lastName: string | null; displayName: string }) =>
  row.firstName === null ? row.displayName : `${row.firstName} ${row.lastName ?? ''}`.trim()

/**
 * An offering's participants (places confirmed, held for payment or offered), by name, with their
 * guardian, emergency contact, medical notes, waiver, photo consent and money, and its waitlist in
 * order: the one reader of "a place with its person, child and money" the academy and camp lists share.
 */
export async function listPlaceParticipants(db: Db, offeringId: string, firstDay: string): Promise<{ participants: PlaceParticipant[]; waitlist: PlaceWaiting[] }> {
  const [holders, waiting] = await Promise.all([
    placesWithPeople(db).select('r.photoConsent').where('r.offeringId', '=', offeringId).where('r.status', 'in', HOLDS_PLACE).execute(),
    places(db, offeringId)
      .select(['r.id', 'r.createdAt', 'u.displayName', 'u.phone', 'c.firstName', 'c.lastName'])
      .where('r.status', '=', 'waitlisted')
      .orderBy('r.seq')
      .execute(),
  ])
  const participants = holders.map((row): PlaceParticipant => {
    const priceCents = toCount(row.priceCents)
    const paidCents = toCount(row.paidCents)
    return {
      registrationId: row.id,
      name: nameOf(row),
      age: row.dateOfBirth === null ? null : ageOn(row.dateOfBirth, firstDay),
      guardianName: row.displayName,
      guardianPhone: formatPhone(row.phone ?? ''),
      guardianEmail: row.email,
      emergencyContactName: row.emergencyContactName,
      emergencyContactPhone: row.emergencyContactPhone === null ? null : formatPhone(row.emergencyContactPhone),
      medicalNotes: row.notes === '' ? null : row.notes,
      waiverSigned: toBool(row.waiverSigned as boolean | number),
      photoConsent: row.photoConsent === null ? null : toBool(row.photoConsent),
      status: row.status,
      priceCents,
      paidCents,
      balanceCents: balanceCents({ status: row.status, priceCents, paidCents }),
    }
  })
  participants.sort((a, b) => a.name.localeCompare(b.name))
  const waitlist = waiting.map(
    (row, i): PlaceWaiting => ({
      registrationId: row.id,
      position: i + 1,
      name: nameOf(row),
      guardianName: row.displayName,
      guardianPhone: formatPhone(row.phone ?? ''),
      waitingSince: toIso(row.createdAt),
    }),
  )
  return { participants, waitlist }
}

/** The CSV columns of a participant list, for a spreadsheet: the same on every offering's list, an offering's own columns after them. */
export const PARTICIPANT_CSV_HEADERS = ['Name', 'Age', 'Guardian', 'Phone', 'Email', 'Emergency contact', 'Emergency phone', 'Medical notes', 'Waiver', 'Photo consent', 'Status', 'Owed (dollars)', 'Paid (dollars)', 'Balance (dollars)'] as const

export function participantCsvRow(p: PlaceParticipant): (string | number | null)[] {
  const yesNo = (value: boolean | null) => (value === null ? 'Not asked' : value ? 'Yes' : 'No')
  return [
    p.name,
    p.age ?? 'Adult',
    p.guardianName,
    p.guardianPhone,
    p.guardianEmail,
    p.emergencyContactName,
    p.emergencyContactPhone,
    p.medicalNotes,
    p.waiverSigned ? 'Signed' : 'Not signed',
    yesNo(p.photoConsent),
    STATUS_LABELS[p.status],
    dollarsText(p.priceCents),
    dollarsText(p.paidCents),
    dollarsText(p.balanceCents),
  ]
}
