import { expect, test } from 'vitest'
import { nextSessionText } from './next-session.ts'

const zone = 'America/New_York'
const dropIn = { weekdays: [], startTime: '19:00', endTime: '21:00', sessionDates: ['2026-11-27'] }
const academy = { weekdays: [], startTime: '18:00', endTime: '19:00', sessionDates: ['2026-11-26', '2026-12-01'] }

test('the next session is one not yet started: today’s after its start says it has started, or gives way to the next', () => {
  expect(nextSessionText(dropIn, '2026-11-27', new Date('2026-11-27T23:59:00Z'), zone)).toBe('11/27/2026, 7:00 PM')
  expect(nextSessionText(dropIn, '2026-11-27', new Date('2026-11-28T00:01:00Z'), zone)).toBe('Today, started at 7:00 PM')
  expect(nextSessionText(dropIn, '2026-11-28', new Date('2026-11-28T15:00:00Z'), zone)).toBeNull()
  expect(nextSessionText(academy, '2026-11-26', new Date('2026-11-26T23:30:00Z'), zone)).toBe('12/1/2026, 6:00 PM')
})
