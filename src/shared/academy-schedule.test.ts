import { describe, expect, test } from 'vitest'
import { describeSchedule, formatTime, sessionDates, sessionStartsAt, weekdayOf } from './academy-schedule.ts'

describe('session dates from a weekly pattern', () => {
  const autumn = { weekdays: [2, 4] as const, startTime: '18:00', endTime: '19:15', firstDate: '2026-10-20', lastDate: '2026-11-12', skippedDates: [] }

  test('every Tuesday and Thursday from the first date to the last, both included', () => {
    expect(weekdayOf('2026-10-20')).toBe(2)
    expect(sessionDates(autumn)).toEqual([
      '2026-10-20', '2026-10-22', '2026-10-27', '2026-10-29', '2026-11-03', '2026-11-05', '2026-11-10', '2026-11-12',
    ])
  })

  test('skipped dates (a holiday) are left out; a skipped date the academy never meets on changes nothing', () => {
    const dates = sessionDates({ ...autumn, skippedDates: ['2026-10-29', '2026-11-01'] })
    expect(dates).toHaveLength(7)
    expect(dates).not.toContain('2026-10-29')
  })

  test('a first date after the last, or no weekday, gives no session', () => {
    expect(sessionDates({ ...autumn, firstDate: '2026-11-13' })).toEqual([])
    expect(sessionDates({ ...autumn, weekdays: [] })).toEqual([])
  })

  test('across a daylight-saving change the dates run on, one a week, and a session keeps its wall-clock time', () => {
    // New York leaves summer time on Sunday 2026-11-01: 18:00 is 22:00 UTC before, 23:00 after.
    const sundays = sessionDates({ ...autumn, weekdays: [7], firstDate: '2026-10-25', lastDate: '2026-11-08' })
    expect(sundays).toEqual(['2026-10-25', '2026-11-01', '2026-11-08'])
    expect(sundays.map((date) => sessionStartsAt(date, '18:00', 'America/New_York').toISOString())).toEqual([
      '2026-10-25T22:00:00.000Z', '2026-11-01T23:00:00.000Z', '2026-11-08T23:00:00.000Z',
    ])
    // And back into summer time on 2026-03-08, at 2:00 that night.
    expect(sessionStartsAt('2026-03-07', '09:30', 'America/New_York').toISOString()).toBe('2026-03-07T14:30:00.000Z')
    expect(sessionStartsAt('2026-03-08', '09:30', 'America/New_York').toISOString()).toBe('2026-03-08T13:30:00.000Z')
    expect(sessionStartsAt('2026-07-01', '18:00', 'Europe/Berlin').toISOString()).toBe('2026-07-01T16:00:00.000Z')
  })
})

describe('how a schedule reads', () => {
  test('weekdays in order and times on a 12-hour clock', () => {
    expect(describeSchedule({ weekdays: [4, 2], startTime: '18:00', endTime: '19:15' })).toBe('Tuesdays and Thursdays, 6:00 PM – 7:15 PM')
    expect(describeSchedule({ weekdays: [6], startTime: '09:05', endTime: '12:00' })).toBe('Saturdays, 9:05 AM – 12:00 PM')
    expect(describeSchedule({ weekdays: [1, 3, 5], startTime: '00:30', endTime: '01:00' })).toBe('Mondays, Wednesdays and Fridays, 12:30 AM – 1:00 AM')
    expect(formatTime('12:00')).toBe('12:00 PM')
  })
})
