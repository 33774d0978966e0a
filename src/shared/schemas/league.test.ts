import { describe, expect, test } from 'vitest'
import { leaguePriceText } from './league.ts'

describe('leaguePriceText', () => {
  const team = { kind: 'team', priceCents: 4000, teamFeeCents: 30000 } as const

  test('an individual league costs its price, or is free', () => {
    expect(leaguePriceText({ kind: 'individual', priceCents: 4500, teamPayment: null, teamFeeCents: null })).toBe('$45.00')
    expect(leaguePriceText({ kind: 'individual', priceCents: 0, teamPayment: null, teamFeeCents: null })).toBe('Free')
  })

  test('a team league says what a team and what a player pays, as the league is paid', () => {
    expect(leaguePriceText({ ...team, teamPayment: 'team-fee' })).toBe('$300.00 a team')
    expect(leaguePriceText({ ...team, teamPayment: 'player-fee' })).toBe('$40.00 a player')
    expect(leaguePriceText({ ...team, teamPayment: 'deposit-and-player-fee' })).toBe('$300.00 a team, and $40.00 a player')
    expect(leaguePriceText({ ...team, teamPayment: 'team-fee', teamFeeCents: 0 })).toBe('Free')
  })
})
