import type { Db } from '../../db/connect.ts'
import { bookingsOnAreas } from '../../core/facility-calendar.queries.ts'
import type { CalendarDay } from '../../../shared/contracts/schedule.ts'
import { addDays } from '../../../shared/registration-window.ts'

/**
 * The facility's one calendar for staff (issue 33, docs/decisions/0034): every day from `from` to
 * `to`, and on it each playing area with something on it, by name, with its bookings by start time.
 */
export async function calendarDays(db: Db, from: string, to: string): Promise<CalendarDay[]> {
  const areas = await db.kysely.selectFrom('playingAreas').select(['id', 'name']).orderBy('name').execute()
  const bookings = await bookingsOnAreas(db, { areaIds: areas.map((a) => a.id), from, to })
  const days: CalendarDay[] = []
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const onDay = bookings.filter((b) => b.date === date)
    days.push({
      date,
      areas: areas.flatMap((area) => {
        const held = onDay.filter((b) => b.areaId === area.id)
        return held.length === 0 ? [] : [{ id: area.id, name: area.name, bookings: held.map((b) => ({ kind: b.kind, id: b.id, what: b.label, startTime: b.startTime, endTime: b.endTime })) }]
      }),
    })
  }
  return days
}
