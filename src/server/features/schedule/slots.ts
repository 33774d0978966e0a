import { sessionDates, type Weekday } from '../../../shared/academy-schedule.ts'
import { overlaps } from '../../core/facility-calendar.queries.ts'
import { minutesOf, startTimesOf, timeAt } from '../../../shared/schemas/schedule.ts'
import type { Slot } from './generator.ts'

/**
 * A league's slots: each game-night date of its season (its weekdays from the start to the end
 * date, dates skipped left out) × each start time from the first to the last game × each playing
 * area it may use. A slot is free when no game of any league on that area overlaps its time:
 * leagues with different game lengths share the facility's one calendar.
 */

export interface GameNightPattern {
  weekdays: readonly Weekday[]
  firstGameTime: string
  lastGameTime: string
  gameMinutes: number
  areaIds: readonly string[]
  skippedDates: readonly string[]
}

export interface TimedSlot extends Slot {
  endTime: string
}

export function gameNightDates(nights: GameNightPattern, season: { startDate: string; endDate: string }): string[] {
  return sessionDates({ weekdays: nights.weekdays, startTime: nights.firstGameTime, endTime: nights.lastGameTime, firstDate: season.startDate, lastDate: season.endDate, skippedDates: nights.skippedDates })
}

/** Every slot of the game nights, by date, start time and area (the areas in the order chosen). */
export function gameNightSlots(nights: GameNightPattern, season: { startDate: string; endDate: string }): TimedSlot[] {
  const times = startTimesOf(nights)
  return gameNightDates(nights, season).flatMap((date) =>
    times.flatMap((startTime) => nights.areaIds.map((areaId) => ({ date, startTime, endTime: endOf(startTime, nights.gameMinutes), areaId }))),
  )
}

export const endOf = (startTime: string, minutes: number): string => timeAt(minutesOf(startTime) + minutes)

export { overlaps } from '../../core/facility-calendar.queries.ts'

/** The slots no booking of `taken` overlaps. */
export function freeOf<S extends TimedSlot>(slots: readonly S[], taken: readonly TimedSlot[]): S[] {
  const byPlace = new Map<string, TimedSlot[]>()
  for (const booking of taken) {
    const key = `${booking.areaId} ${booking.date}`
    byPlace.set(key, [...(byPlace.get(key) ?? []), booking])
  }
  return slots.filter((slot) => !(byPlace.get(`${slot.areaId} ${slot.date}`) ?? []).some((booking) => overlaps(slot, booking)))
}
