import { expect, test } from 'vitest'
import { countOf, facilityDayAt, facilityToday, formatBytes, formatDate, formatDateRange, formatDateTime, showMomentsIn } from './format.ts'

test('calendar dates are shown en-US without moving a day in any time zone', () => {
  expect(formatDate('2027-01-15')).toBe('1/15/2027')
  expect(formatDate('2027-12-01')).toBe('12/1/2027')
})

test('timestamps are shown en-US; nonsense shows nothing', () => {
  expect(formatDate(new Date(2027, 0, 15, 12))).toBe('1/15/2027')
  expect(formatDate('not a date')).toBe('')
})

test("the facility's calendar day follows its time zone, not UTC", () => {
  const lateEvening = new Date('2027-01-15T03:30:00Z')
  expect(facilityToday(lateEvening, 'America/New_York')).toBe('2027-01-14')
  expect(facilityToday(lateEvening, 'UTC')).toBe('2027-01-15')
})

test('moments are shown en-US with their time; nonsense shows nothing', () => {
  expect(formatDateTime(new Date(2027, 0, 15, 14, 5))).toBe('1/15/2027, 2:05 PM')
  expect(formatDateTime('not a date')).toBe('')
})

test('file sizes read as KB below a megabyte and MB above', () => {
  expect(formatBytes(200)).toBe('1 KB')
  expect(formatBytes(262_144)).toBe('256 KB')
  expect(formatBytes(3_565_158)).toBe('3.4 MB')
})

test('counts take the plural only when they are not one (issue 21: "1 admin")', () => {
  expect(countOf(1, 'admin')).toBe('1 admin')
  expect(countOf(0, 'admin')).toBe('0 admins')
  expect(countOf(3, 'player')).toBe('3 players')
  expect(countOf(1, 'person', 'people')).toBe('1 person')
  expect(countOf(2, 'person', 'people')).toBe('2 people')
})

test('a season reads from its first day to its last, each day as formatDate writes it', () => {
  expect(formatDateRange('2027-01-10', '2027-03-09')).toBe('1/10/2027 – 3/9/2027')
})

test('a one-day range is its one day, not the day twice (a drop-in’s receipt read “11/28/2026 – 11/28/2026”)', () => {
  expect(formatDateRange('2026-11-28', '2026-11-28')).toBe('11/28/2026')
})

test('once a page names the facility’s time zone, moments are shown in it, wherever the reader is', () => {
  showMomentsIn('America/New_York')
  expect(formatDateTime('2027-01-15T19:05:00Z')).toBe('1/15/2027, 2:05 PM')
  expect(formatDate(new Date('2027-01-16T03:00:00Z'))).toBe('1/15/2027')
  showMomentsIn('Europe/Berlin')
  expect(formatDateTime('2027-01-15T19:05:00Z')).toBe('1/15/2027, 8:05 PM')
})

test('the facility’s day ends at its own midnight, on the days the clocks change too', () => {
  const zone = 'America/New_York'
  // 4 pm at the facility: the day ends at midnight there, 5 am UTC in winter.
  expect(facilityDayAt(new Date('2026-11-27T21:00:00Z'), zone)).toEqual({ day: '2026-11-27', until: Date.parse('2026-11-28T05:00:00Z') })
  // The clocks go forward on 14 March 2027: that day starts at 5 am UTC and ends at 4 am UTC.
  expect(facilityDayAt(new Date('2027-03-13T12:00:00Z'), zone)).toEqual({ day: '2027-03-13', until: Date.parse('2027-03-14T05:00:00Z') })
  expect(facilityDayAt(new Date('2027-03-14T12:00:00Z'), zone)).toEqual({ day: '2027-03-14', until: Date.parse('2027-03-15T04:00:00Z') })
  // A second before midnight is still the day; midnight itself is the next.
  expect(facilityDayAt(new Date('2026-11-28T04:59:59Z'), zone).day).toBe('2026-11-27')
  expect(facilityDayAt(new Date('2026-11-28T05:00:00Z'), zone)).toEqual({ day: '2026-11-28', until: Date.parse('2026-11-29T05:00:00Z') })
})
