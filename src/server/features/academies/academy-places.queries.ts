import type { Db } from '../../db/connect.ts'
import { CHARGED_STATUSES, type RegistrationStatus } from '../../../shared/schemas/registration.ts'

/** Who takes part in an academy: the places of its offering, with the child or the account holder taking part. */

export interface AcademyPlace {
  registrationId: string
  status: RegistrationStatus
  /** The account holder: a child's guardian, or the adult taking part. */
  userId: string
  holderName: string
  holderEmail: string
  child: { firstName: string; lastName: string; dateOfBirth: string } | null
}

/** The academy's places in `statuses`, by participant's name. */
export async function academyPlaces(db: Db, academyId: string, statuses: readonly RegistrationStatus[]): Promise<AcademyPlace[]> {
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select(['r.id', 'r.status', 'r.userId', 'u.displayName', 'u.email', 'c.firstName', 'c.lastName', 'c.dateOfBirth'])
    .where('o.academyId', '=', academyId)
    .where('o.kind', '=', 'academy-place')
    .where('r.status', 'in', statuses)
    .execute()
  return rows
    .map((row) => ({
      registrationId: row.id,
      status: row.status,
      userId: row.userId,
      holderName: row.displayName,
      holderEmail: row.email,
      child: row.firstName !== null && row.lastName !== null && row.dateOfBirth !== null ? { firstName: row.firstName, lastName: row.lastName, dateOfBirth: row.dateOfBirth } : null,
    }))
    .sort((a, b) => participantName(a).localeCompare(participantName(b)) || a.registrationId.localeCompare(b.registrationId))
}

/** The child's name, or the account holder's when they take part themselves. */
export function participantName(place: Pick<AcademyPlace, 'child' | 'holderName'>): string {
  return place.child ? `${place.child.firstName} ${place.child.lastName}` : place.holderName
}

/** One account holder and the participants of theirs an email is about. */
export interface AcademyHousehold {
  name: string
  email: string
  /** First names of the children; empty when the holder takes part themselves. */
  children: string[]
  /** The holder takes part themselves. */
  self: boolean
}

/** The places grouped by account holder, so a family with two children gets one email naming both. */
export function householdsOf(places: readonly AcademyPlace[]): AcademyHousehold[] {
  const byHolder = new Map<string, AcademyHousehold>()
  for (const place of places) {
    const household = byHolder.get(place.userId) ?? { name: place.holderName, email: place.holderEmail, children: [], self: false }
    if (place.child) household.children.push(place.child.firstName)
    else household.self = true
    byHolder.set(place.userId, household)
  }
  return [...byHolder.values()]
}

/** Whether the account holds a place in the academy (its own or a child's): confirmed, or held while it pays. */
export async function holdsAcademyPlace(db: Db, academyId: string, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select('r.id')
    .where('o.academyId', '=', academyId)
    .where('o.kind', '=', 'academy-place')
    .where('r.userId', '=', userId)
    .where('r.status', 'in', CHARGED_STATUSES)
    .executeTakeFirst()
  return row !== undefined
}
