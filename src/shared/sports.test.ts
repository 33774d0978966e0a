import { describe, expect, test } from 'vitest'
import { leagueForCard, SPORT_CARDS, type ActiveLeague } from './sports.ts'

const league = (overrides: Partial<ActiveLeague>): ActiveLeague => ({
  id: overrides.name ?? 'id',
  name: 'League',
  sport: 'soccer',
  kind: 'individual',
  description: null,
  registrationDate: '2027-01-01',
  startDate: '2027-01-15',
  endDate: '2027-03-15',
  priceCents: 4500,
  earlyBirdPriceCents: null,
  earlyBirdUntil: null,
  ...overrides,
})

const card = (id: string) => SPORT_CARDS.find((c) => c.id === id)!

describe('home cards (product §1, §4)', () => {
  test('come in the order of product §1', () => {
    expect(SPORT_CARDS.map((c) => c.title)).toEqual(['Soccer', 'Adult Basketball', 'Basketball', 'Football', 'Baseball', 'Kids Sports'])
  })

  test('Adult Basketball shows the league named Adult Basketball, whatever its kind', () => {
    const named = league({ name: 'Adult Basketball', sport: 'basketball', kind: 'team' })
    const otherTeam = league({ name: 'Wednesday Hoops', sport: 'basketball', kind: 'team' })
    expect(leagueForCard(card('adultBasketball'), [otherTeam, named])).toBe(named)
    expect(leagueForCard(card('adultBasketball'), [otherTeam])).toBeUndefined()
  })

  test('other cards show only their sport’s individual leagues', () => {
    const team = league({ name: 'Wednesday Hoops', sport: 'basketball', kind: 'team' })
    const pickup = league({ name: 'Pickup', sport: 'basketball', kind: 'individual' })
    expect(leagueForCard(card('basketball'), [team])).toBeUndefined()
    expect(leagueForCard(card('basketball'), [team, pickup])).toBe(pickup)
    expect(leagueForCard(card('football'), [pickup])).toBeUndefined()
  })

  test('with several open leagues a card shows the one starting soonest', () => {
    const later = league({ name: 'B', startDate: '2027-02-01' })
    const sooner = league({ name: 'A', startDate: '2027-01-10' })
    expect(leagueForCard(card('soccer'), [later, sooner])).toBe(sooner)
  })
})
