import type { Db } from '../db/connect.ts'
import { inList } from '../db/values.ts'
import { conflict } from './refusals.ts'
import { readSchedule, sessionDates, WEEKDAYS, type Weekday } from '../../shared/academy-schedule.ts'
import { FACILITY_MESSAGES } from '../../shared/schemas/facility-calendar.ts'
import { areaNameKey, minutesOf } from '../../shared/schemas/schedule.ts'

/**
 * One calendar of the facility (issue 33, docs/decisions/0034): what occupies its playing areas
 * over a range of dates — the games of every league, draft or published, each session of an
 * academy, each day of a camp, each drop-in session. Schedule generation and moves keep games off
 * all of it; saving an academy, a camp or a drop-in on an area is refused while it overlaps any of it.
 * It is in core/ because the programs (features on the first floor) book areas through it, and
 * features/schedule reads it for its games.
 */

/** A booking of a playing area on a date, from a start to an end time (HH:MM). */
export interface TimedBooking {
  areaId: string
  date: string
  startTime: string
  endTime: string
}

/** Two bookings of one playing area on one date whose times overlap. */
export function overlaps(a: TimedBooking, b: TimedBooking): boolean {
  return a.areaId === b.areaId && a.date === b.date && minutesOf(a.startTime) < minutesOf(b.endTime) && minutesOf(b.startTime) < minutesOf(a.endTime)
}

/**
 * The playing areas of `ids` that exist, held by the caller's transaction, by id: PostgreSQL
 * FOR UPDATE until it commits (SQLite runs one transaction at a time), in the order of their ids,
 * so two writes booking one area take turns and never wait for each other in a circle.
 */
export async function holdAreas(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return []
  let query = tx.kysely.selectFrom('playingAreas').select(['id', 'name', 'sports']).where(inList(tx.dialect, 'id', ids)).orderBy('id')
  if (tx.dialect === 'postgres') query = query.forUpdate()
  return query.execute()
}

export type BookingKind = 'game' | 'academy' | 'camp' | 'drop-in'

export interface Booking extends TimedBooking {
  kind: BookingKind
  /** The game's, academy's, camp's or drop-in's id. */
  id: string
  /** What holds the area, as staff read it: "Adult Basketball: Hoops vs Dunkers", "Junior Hoops Academy". */
  label: string
  /** A game's league: a league's own games are not in the way of its schedule. */
  leagueId?: string
  /** A drop-in session's academy: an academy's own sessions sold one at a time are not in its way. */
  academyId?: string | null
}

export interface CalendarFilter {
  areaIds: readonly string[]
  from: string
  to: string
}

/** What is on the areas from `from` to `to`, by date, start time and area. */
export async function bookingsOnAreas(db: Db, filter: CalendarFilter): Promise<Booking[]> {
  if (filter.areaIds.length === 0 || filter.from > filter.to) return []
  const [games, academies, camps, dropIns] = await Promise.all([gamesIn(db, filter), academiesIn(db, filter), campsIn(db, filter), dropInsIn(db, filter)])
  return [...games, ...academies, ...camps, ...dropIns].sort(
    (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.areaId.localeCompare(b.areaId) || a.label.localeCompare(b.label),
  )
}

async function gamesIn(db: Db, filter: CalendarFilter): Promise<Booking[]> {
  const rows = await db.kysely
    .selectFrom('games as g')
    .innerJoin('leagues as l', 'l.id', 'g.leagueId')
    .innerJoin('teams as h', 'h.id', 'g.homeTeamId')
    .innerJoin('teams as a', 'a.id', 'g.awayTeamId')
    .select(['g.id', 'g.leagueId', 'l.name as leagueName', 'h.name as homeName', 'a.name as awayName', 'g.areaId', 'g.date', 'g.startTime', 'g.endTime'])
    .where(inList(db.dialect, 'g.areaId', filter.areaIds))
    .where('g.date', '>=', filter.from)
    .where('g.date', '<=', filter.to)
    .execute()
  return rows.map((g) => ({ kind: 'game', id: g.id, leagueId: g.leagueId, label: `${g.leagueName}: ${g.homeName} vs ${g.awayName}`, areaId: g.areaId, date: g.date, startTime: g.startTime, endTime: g.endTime }))
}

async function academiesIn(db: Db, filter: CalendarFilter): Promise<Booking[]> {
  const rows = await db.kysely
    .selectFrom('academies')
    .select(['id', 'name', 'areaId', 'weekdays', 'startTime', 'endTime', 'skippedDates', 'startDate', 'endDate'])
    .where(inList(db.dialect, 'areaId', filter.areaIds))
    .where('startDate', '<=', filter.to)
    .where('endDate', '>=', filter.from)
    .execute()
  return rows.flatMap((a) => {
    if (!a.areaId || !a.startTime || !a.endTime) return []
    const { areaId, startTime, endTime } = { areaId: a.areaId, startTime: a.startTime, endTime: a.endTime }
    return readSchedule(a)
      .sessionDates.filter((date) => date >= filter.from && date <= filter.to)
      .map((date): Booking => ({ kind: 'academy', id: a.id, label: a.name, areaId, date, startTime, endTime }))
  })
}

async function campsIn(db: Db, filter: CalendarFilter): Promise<Booking[]> {
  const rows = await db.kysely
    .selectFrom('camps')
    .select(['id', 'name', 'areaId', 'startTime', 'endTime', 'startDate', 'endDate'])
    .where(inList(db.dialect, 'areaId', filter.areaIds))
    .where('startDate', '<=', filter.to)
    .where('endDate', '>=', filter.from)
    .execute()
  return rows.flatMap((c) =>
    weeklySlots({ ...c, weekdays: WEEKDAYS })
      .filter(({ date }) => date >= filter.from && date <= filter.to)
      .map((slot): Booking => ({ kind: 'camp', id: c.id, label: c.name, areaId: c.areaId!, ...slot })),
  )
}

async function dropInsIn(db: Db, filter: CalendarFilter): Promise<Booking[]> {
  const rows = await db.kysely
    .selectFrom('dropIns')
    .select(['id', 'name', 'areaId', 'academyId', 'date', 'startTime', 'endTime'])
    .where(inList(db.dialect, 'areaId', filter.areaIds))
    .where('date', '>=', filter.from)
    .where('date', '<=', filter.to)
    .execute()
  return rows.map((d) => ({ kind: 'drop-in', id: d.id, academyId: d.academyId, label: d.name, areaId: d.areaId!, date: d.date, startTime: d.startTime, endTime: d.endTime }))
}

/** A program saved on a playing area: the area, its dates and times, and itself (and its academy, for a drop-in session of one), which are not in its own way. */
export interface ProgramBooking {
  areaId: string
  slots: readonly { date: string; startTime: string; endTime: string }[]
  self: { kind: BookingKind; id: string }
  alsoMine?: { kind: BookingKind; id: string }
}

/**
 * Holds the area for the caller's transaction (as a game's write does: two staff booking one
 * court at once take turns, the second seeing the first's booking) and refuses with a 409 naming
 * the first booking its sessions overlap.
 */
export async function refuseTakenArea(tx: Db, booking: ProgramBooking): Promise<void> {
  const [area] = await holdAreas(tx, [booking.areaId])
  if (!area || booking.slots.length === 0) return
  const dates = booking.slots.map((s) => s.date).sort()
  const mine = (b: Booking) =>
    [booking.self, booking.alsoMine].some((m) => m && m.kind === b.kind && m.id === b.id) || (booking.self.kind === 'academy' && b.academyId === booking.self.id)
  const taken = (await bookingsOnAreas(tx, { areaIds: [area.id], from: dates[0]!, to: dates.at(-1)! })).filter((b) => !mine(b))
  for (const slot of booking.slots) {
    const holder = taken.find((b) => overlaps(b, { ...slot, areaId: area.id }))
    if (holder) throw conflict(FACILITY_MESSAGES.areaTaken(area.name, holder), { location: FACILITY_MESSAGES.areaTaken(area.name, holder) })
  }
}

const TABLE_OF = { academy: 'academies', camp: 'camps', 'drop-in': 'dropIns' } as const

/** The playing area a program's "Where" names (its name in any letter case or spacing); undefined for a place off the courts. */
export async function areaNamed(db: Db, location: string | null | undefined): Promise<{ id: string; name: string } | undefined> {
  if (!location) return undefined
  return db.kysely.selectFrom('playingAreas').select(['id', 'name']).where('nameKey', '=', areaNameKey(location)).executeTakeFirst()
}

/** The names of the academies, camps and drop-in sessions whose "Where" is an area, by area (`only` that one). */
export async function programsOnAreas(db: Db, only?: string): Promise<Map<string, string[]>> {
  const rows = await Promise.all(
    Object.values(TABLE_OF).map((table) => {
      const query = db.kysely.selectFrom(table).select(['areaId', 'name']).where('areaId', 'is not', null).orderBy('name')
      return (only ? query.where('areaId', '=', only) : query).execute()
    }),
  )
  const byArea = new Map<string, string[]>()
  for (const { areaId, name } of rows.flat()) {
    const names = byArea.get(areaId!) ?? []
    if (!names.includes(name)) names.push(name)
    byArea.set(areaId!, names)
  }
  return byArea
}

/**
 * A renamed area: the programs booking it say its new name in their "Where", in the rename's
 * transaction, so families read the name the courts have, and saving a program again finds the
 * area its "Where" names (areaNamed) and keeps it booked.
 */
export async function renameBookings(tx: Db, areaId: string, name: string): Promise<void> {
  for (const table of Object.values(TABLE_OF)) await tx.kysely.updateTable(table).set({ location: name }).where('areaId', '=', areaId).execute()
}

/** A saved academy, camp or drop-in session: the area it books (null: none) and its sessions. */
export interface PlacedProgram {
  kind: keyof typeof TABLE_OF
  id: string
  areaId: string | null
  slots: readonly { date: string; startTime: string; endTime: string }[]
  /** For a drop-in session of an academy: that academy, whose session it is. */
  academyId?: string | null
}

/**
 * Books the playing area of a saved program, in the caller's transaction after the program's row
 * is written (its location already the area's name, from areaNamed): a 409 names what holds the
 * area when one of its sessions overlaps a game or another booking.
 */
export async function bookArea(tx: Db, program: PlacedProgram): Promise<void> {
  if (program.areaId) {
    const alsoMine = program.academyId ? { kind: 'academy' as const, id: program.academyId } : undefined
    await refuseTakenArea(tx, { areaId: program.areaId, slots: program.slots, self: { kind: program.kind, id: program.id }, alsoMine })
  }
  await tx.kysely.updateTable(TABLE_OF[program.kind]).set({ areaId: program.areaId }).where('id', '=', program.id).execute()
}

/** The sessions of a weekly schedule (an academy's; a camp's, every weekday): each date with its times. */
export function weeklySlots(s: { weekdays: readonly Weekday[]; startTime: string; endTime: string; startDate: string; endDate: string; skippedDates?: readonly string[] }) {
  return sessionDates({ weekdays: s.weekdays, startTime: s.startTime, endTime: s.endTime, firstDate: s.startDate, lastDate: s.endDate, skippedDates: s.skippedDates ?? [] }).map((date) => ({ date, startTime: s.startTime, endTime: s.endTime }))
}
