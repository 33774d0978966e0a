import type { Db } from '../../db/connect.ts'
import { boolParam, inList, toBool } from '../../db/values.ts'
import { currentWaiverSignedOf } from '../../core/waivers.queries.ts'
import { readSchedule } from '../../../shared/academy-schedule.ts'
import type { TodaySection, TodaysSession } from '../../../shared/contracts/dashboard-sections.ts'

type Program = Omit<TodaysSession, 'expected' | 'missingWaivers'> & { waiverRequired: boolean }

/**
 * The Dashboard's Today section (issue 32): the sessions that meet on the facility's `today` —
 * active academies on one of their session dates, active camps between their first and last
 * day, active drop-ins on their date — with the people expected (confirmed places, as the
 * attendance sheet and the door list them) and those of them without the current waiver signed
 * where the program asks for one, for the desk to have them sign on arrival.
 */
export async function todaySection(db: Db, today: string): Promise<TodaySection> {
  const programs = await programsMeeting(db, today)
  if (programs.length === 0) return { today, sessions: [] }
  const people = await confirmedPeople(db, programs)
  const sessions = programs.map(({ waiverRequired, ...program }) => {
    const mine = people.filter((p) => p.programId === program.id)
    return {
      ...program,
      expected: mine.length,
      missingWaivers: waiverRequired ? mine.filter((p) => !p.waiverSigned).map(({ registrationId, userId, participant }) => ({ registrationId, userId, participant })) : [],
    }
  })
  return { today, sessions: sessions.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) }
}

async function programsMeeting(db: Db, today: string): Promise<Program[]> {
  const active = boolParam(db.dialect, true)
  const [academies, camps, dropIns] = await Promise.all([
    db.kysely
      .selectFrom('academies as a')
      .innerJoin('offerings as o', (join) => join.onRef('o.academyId', '=', 'a.id').on('o.kind', '=', 'academy-place'))
      .select(['a.id', 'a.name', 'a.location', 'a.startTime', 'a.endTime', 'a.weekdays', 'a.skippedDates', 'a.startDate', 'a.endDate', 'a.waiverRequired', 'o.capacity'])
      .where('a.isActive', '=', active)
      .where('a.startDate', '<=', today)
      .where('a.endDate', '>=', today)
      .execute(),
    db.kysely
      .selectFrom('camps as c')
      .innerJoin('offerings as o', (join) => join.onRef('o.campId', '=', 'c.id').on('o.kind', '=', 'camp-place'))
      .select(['c.id', 'c.name', 'c.location', 'c.startTime', 'c.endTime', 'c.waiverRequired', 'o.capacity'])
      .where('c.isActive', '=', active)
      .where('c.startDate', '<=', today)
      .where('c.endDate', '>=', today)
      .execute(),
    db.kysely
      .selectFrom('dropIns as d')
      .innerJoin('offerings as o', (join) => join.onRef('o.dropInId', '=', 'd.id').on('o.kind', '=', 'drop-in-place'))
      .select(['d.id', 'd.name', 'd.location', 'd.startTime', 'd.endTime', 'd.waiverRequired', 'o.capacity'])
      .where('d.isActive', '=', active)
      .where('d.date', '=', today)
      .execute(),
  ])
  const program = (kind: Program['kind'], row: { id: string; name: string; location: string | null; startTime: string; endTime: string; waiverRequired: boolean | number; capacity: number | null }): Program => ({
    kind,
    id: row.id,
    name: row.name,
    location: row.location,
    startTime: row.startTime,
    endTime: row.endTime,
    capacity: row.capacity,
    waiverRequired: toBool(row.waiverRequired),
  })
  return [
    ...academies.filter((a) => a.startTime && a.endTime && readSchedule(a).sessionDates.includes(today)).map((a) => program('academy', { ...a, startTime: a.startTime!, endTime: a.endTime! })),
    ...camps.map((c) => program('camp', c)),
    ...dropIns.map((d) => program('drop-in', d)),
  ]
}

/** The confirmed places of the programs, with each participant's name and whether the current waiver is signed for them, in one statement. */
async function confirmedPeople(db: Db, programs: readonly Program[]) {
  const ids = (kind: Program['kind']) => programs.filter((p) => p.kind === kind).map((p) => p.id)
  const owners = [
    ['o.academyId', 'academy-place', ids('academy')],
    ['o.campId', 'camp-place', ids('camp')],
    ['o.dropInId', 'drop-in-place', ids('drop-in')],
  ] as const
  const rows = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select((eb) => ['r.id', 'r.userId', 'o.academyId', 'o.campId', 'o.dropInId', 'u.displayName', 'c.firstName', 'c.lastName', currentWaiverSignedOf(eb).as('waiverSigned')])
    .where('r.status', '=', 'confirmed')
    .where((eb) => eb.or(owners.filter(([, , list]) => list.length > 0).map(([column, kind, list]) => eb.and([eb('o.kind', '=', kind), inList(db.dialect, column, list)]))))
    .execute()
  return rows
    .map((row) => ({
      programId: (row.academyId ?? row.campId ?? row.dropInId)!,
      registrationId: row.id,
      userId: row.userId,
      participant: row.firstName === null ? row.displayName : `${row.firstName} ${row.lastName ?? ''}`.trim(),
      waiverSigned: toBool(row.waiverSigned),
    }))
    .sort((a, b) => a.participant.localeCompare(b.participant) || a.registrationId.localeCompare(b.registrationId))
}
