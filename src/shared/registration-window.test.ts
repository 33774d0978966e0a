import { describe, expect, test } from 'vitest'
import { facilityToday } from './format.ts'
import { addDays, lastRegistrationDay, registrationWindow } from './registration-window.ts'

describe('registration window', () => {
  test("opens on the registration date and closes after the day before the start, by the facility's day", () => {
    const league = { registrationDate: '2027-01-10', startDate: '2027-03-01', registrationDeadline: null }
    const day = (utc: string) => facilityToday(new Date(utc), 'America/New_York')
    expect(registrationWindow(league, day('2027-01-10T04:59:00Z'))).toBe('upcoming')
    expect(registrationWindow(league, day('2027-01-10T05:00:00Z'))).toBe('open')
    expect(registrationWindow(league, day('2027-03-01T04:59:00Z'))).toBe('open')
    expect(registrationWindow(league, day('2027-03-01T05:00:00Z'))).toBe('closed')
  })

  test('a deadline set by staff replaces the day before the start, later or earlier', () => {
    const dates = { registrationDate: '2027-01-10', startDate: '2027-03-01' }
    expect(lastRegistrationDay({ ...dates, registrationDeadline: null })).toBe('2027-02-28')
    expect(registrationWindow({ ...dates, registrationDeadline: '2027-03-14' }, '2027-03-14')).toBe('open')
    expect(registrationWindow({ ...dates, registrationDeadline: '2027-03-14' }, '2027-03-15')).toBe('closed')
    expect(registrationWindow({ ...dates, registrationDeadline: '2027-02-01' }, '2027-02-02')).toBe('closed')
  })

  test('days are counted across month, year and leap-day boundaries', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2027-03-14', 0)).toBe('2027-03-14')
  })
})
