import { expect, test } from 'vitest'
import { attendanceHref, defaultSession, marksByCell, sessionLabel, sessionsAttended, sessionSummary, shortDate, withMark, withoutMark } from './attendance-text.ts'

const sessions = ['2027-01-05', '2027-01-07', '2027-01-12']

test("the door opens at today's session, else the next, else the last one held", () => {
  expect(defaultSession(sessions, '2027-01-07')).toBe('2027-01-07')
  expect(defaultSession(sessions, '2027-01-08')).toBe('2027-01-12')
  expect(defaultSession(sessions, '2026-12-01')).toBe('2027-01-05')
  expect(defaultSession(sessions, '2027-02-01')).toBe('2027-01-12')
  expect(defaultSession([], '2027-02-01')).toBeUndefined()
})

test('sessions are named with their weekday; today says so; the sheet heads columns by month and day', () => {
  expect(sessionLabel('2027-01-05', '2027-01-04')).toBe('Tuesday 1/5/2027')
  expect(sessionLabel('2027-01-07', '2027-01-07')).toBe('Thursday 1/7/2027 (today)')
  expect(shortDate('2027-01-12')).toBe('1/12')
  expect(attendanceHref('a b')).toBe('/academyRegistrations?academy=a+b&view=attendance')
})

test('totals count the sessions attended; a session sums present, absent and not marked', () => {
  const cells = marksByCell([
    { registrationId: 'sam', sessionDate: '2027-01-05', present: true },
    { registrationId: 'sam', sessionDate: '2027-01-07', present: false },
    { registrationId: 'sam', sessionDate: '2027-01-12', present: true },
    { registrationId: 'sam', sessionDate: '2027-01-14', present: true },
    { registrationId: 'mia', sessionDate: '2027-01-05', present: false },
  ])
  expect(sessionsAttended(cells, 'sam', sessions)).toBe(2)
  expect(sessionsAttended(cells, 'mia', sessions)).toBe(0)
  expect(sessionSummary(cells, ['sam', 'mia', 'zoe'], '2027-01-05')).toBe('1 present, 1 absent, 1 not marked')
})

test('a mark replaces the cell’s mark or is added; a failed one is taken out again', () => {
  const marks = [{ registrationId: 'sam', sessionDate: '2027-01-05', present: true }]
  expect(withMark(marks, { registrationId: 'sam', sessionDate: '2027-01-05', present: false })).toEqual([{ registrationId: 'sam', sessionDate: '2027-01-05', present: false }])
  expect(withMark(marks, { registrationId: 'mia', sessionDate: '2027-01-05', present: true })).toHaveLength(2)
  expect(withoutMark(marks, { registrationId: 'sam', sessionDate: '2027-01-05' })).toEqual([])
})
