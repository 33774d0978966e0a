import { describe, expect, test } from 'vitest'
import { receiptPath } from './receipt-path.ts'

describe('receiptPath', () => {
  const place = (kind: 'league-place' | 'team-place' | 'roster-place' | 'academy-place') => ({
    id: 'reg1',
    userId: 'u1',
    offering: {
      kind,
      ownerId: kind === 'academy-place' ? 'a1' : 'l1',
      details: kind === 'team-place' || kind === 'roster-place' ? { kind, team: { id: 't1' } } : { kind },
    },
  })

  test("a team's entry is read by its team; a captain's own place on the roster by its registration", () => {
    expect(receiptPath(place('team-place'))).toBe('/teamRegistrationReceipt/user/u1/league/l1/team/t1')
    expect(receiptPath(place('roster-place'))).toBe('/receipt/user/u1/league/l1/registration/reg1')
  })

  test('a league place by its registration, an academy place by its academy', () => {
    expect(receiptPath(place('league-place'))).toBe('/receipt/user/u1/league/l1/registration/reg1')
    expect(receiptPath(place('academy-place'))).toBe('/academyReceipt/user/u1/academy/a1')
  })
})
