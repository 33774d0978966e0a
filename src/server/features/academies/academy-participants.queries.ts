import type { Db } from '../../db/connect.ts'
import { boolParam, toBool, toCount, toIso } from '../../db/values.ts'
import { ageOn } from '../../../shared/age.ts'
import { balanceCents } from '../../../shared/money.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { HOLDS_PLACE } from '../../../shared/schemas/registration.ts'
import type { AcademyParticipant, AcademyParticipants, AcademyWaiting } from '../../../shared/contracts/academies.ts'
import { amountDueOf, amountPaidOf } from '../../core/payments/orders.queries.ts'
import { currentWaiverSignedOf } from '../../core/waivers.queries.ts'

/** An academy's places (aliased `r`) with their participant, guardian and offering. */
function places(db: Db, academyId: string) {
  return db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .where('o.academyId', '=', academyId)
    .where('o.kind', '=', 'academy-place')
}

/** A participant's name: the child's, or the account holder's for an adult. */
const nameOf = (row: { firstName: string | null; lastName: string | null; displayName: string }) =>
  row.firstName === null ? row.displayName : `${row.firstName} ${row.lastName ?? ''}`.trim()

/**
 * An academy's participants (places confirmed, held for payment or offered), by name, with what
 * staff and the coach need — the medical notes among them, so only staff routes answer this —
 * and its waitlist in order. Undefined when there is no such academy.
 */
export async function listParticipants(db: Db, academyId: string): Promise<AcademyParticipants | undefined> {
  const academy = await db.kysely
    .selectFrom('academies as a')
    .innerJoin('offerings as o', (join) => join.onRef('o.academyId', '=', 'a.id').on('o.kind', '=', 'academy-place'))
    .select(['a.id', 'a.name', 'a.startDate', 'o.capacity', 'o.placesTaken'])
    .where('a.id', '=', academyId)
    .executeTakeFirst()
  if (!academy) return undefined
  const [holders, waiting] = await Promise.all([
    places(db, academyId)
      .select((eb) => [
        'r.id',
        'r.status',
        'r.photoConsent',
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
        eb
          .selectFrom('academyAttendance as att')
          .select((s) => s.fn.countAll<string | number>().as('n'))
          .whereRef('att.registrationId', '=', 'r.id')
          .where('att.present', '=', boolParam(db.dialect, true))
          .as('attended'),
      ])
      .where('r.status', 'in', HOLDS_PLACE)
      .execute(),
    places(db, academyId)
      .select(['r.id', 'r.createdAt', 'u.displayName', 'u.phone', 'c.firstName', 'c.lastName'])
      .where('r.status', '=', 'waitlisted')
      .orderBy('r.seq')
      .execute(),
  ])
  const participants = holders.map((row): AcademyParticipant => {
    const priceCents = toCount(row.priceCents)
    const paidCents = toCount(row.paidCents)
    return {
      registrationId: row.id,
      name: nameOf(row),
      age: row.dateOfBirth === null ? null : ageOn(row.dateOfBirth, academy.startDate),
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
      attended: toCount(row.attended),
    }
  })
  participants.sort((a, b) => a.name.localeCompare(b.name))
  const waitlist = waiting.map(
    (row, i): AcademyWaiting => ({
      registrationId: row.id,
      position: i + 1,
      name: nameOf(row),
      guardianName: row.displayName,
      guardianPhone: formatPhone(row.phone ?? ''),
      waitingSince: toIso(row.createdAt),
    }),
  )
  return { academy: { id: academy.id, name: academy.name, startDate: academy.startDate, capacity: academy.capacity, placesTaken: academy.placesTaken }, participants, waitlist }
}
