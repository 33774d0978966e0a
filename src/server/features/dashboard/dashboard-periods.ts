import type { Db } from '../../db/connect.ts'
import { boolParam } from '../../db/values.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import type { DashboardPeriods } from '../../../shared/contracts/dashboard-sections.ts'
import { facilityToday } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'

/** The periods a section's figures are for, with the instants they start at (facility midnights). */
export interface Periods extends DashboardPeriods {
  starts: { today: Date; week: Date; season: Date; tomorrow: Date }
  /** Each facility day from the season's first to today. */
  days: string[]
  /** The facility day of an instant. */
  dayOf(at: Date): string
}

/** A season is at most a year: a league open for longer counts from a year back. */
const SEASON_DAYS = 364

/**
 * Today, this week (from Monday) and this season (from the first day an active league or academy
 * took registrations) as the facility's days, seen at `now`.
 */
export async function dashboardPeriods(db: Db, now: Date, timeZone: string): Promise<Periods> {
  const today = facilityToday(now, timeZone)
  const active = boolParam(db.dialect, true)
  const [league, academy] = await Promise.all([
    db.kysely.selectFrom('leagues').select((eb) => eb.fn.min('registrationDate').as('first')).where('isActive', '=', active).executeTakeFirst(),
    db.kysely.selectFrom('academies').select((eb) => eb.fn.min('registrationDate').as('first')).where('isActive', '=', active).executeTakeFirst(),
  ])
  const yearBack = addDays(today, -SEASON_DAYS)
  const first = [league?.first, academy?.first].filter((d): d is string => typeof d === 'string').sort()[0]
  const seasonStart = first === undefined || first < yearBack ? yearBack : first > today ? today : first
  const weekStart = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7))
  const startOf = (day: string) => sessionStartsAt(day, '00:00', timeZone)
  const days: string[] = []
  for (let day = seasonStart; day <= today; day = addDays(day, 1)) days.push(day)
  return {
    today,
    weekStart,
    seasonStart,
    days,
    dayOf: (at) => facilityToday(at, timeZone),
    starts: { today: startOf(today), week: startOf(weekStart), season: startOf(seasonStart), tomorrow: startOf(addDays(today, 1)) },
  }
}
