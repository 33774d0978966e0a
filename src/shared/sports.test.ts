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
  registrationDeadline: null,
  priceCents: 4500,
  earlyBirdPriceCents: null,
  earlyBirdUntil: null,
  ...overrides,
})

const TODAY = '2027-01-05'
const card = (id: string) => SPORT_CARDS.find((c) => c.id === id)!

describe('home cards (product §1, §4)', () => {
  test('come in the order of product §1', () => {
    expect(SPORT_CARDS.map((c) => c.title)).toEqual(['Soccer', 'Adult Basketball', 'Basketball', 'Football', 'Baseball', 'Kids Sports'])
  })

  test('Adult Basketball shows the league named Adult Basketball, whatever its kind', () => {
    const named = league({ name: 'Adult Basketball', sport: 'basketball', kind: 'team' })
    const otherTeam = league({ name: 'Wednesday Hoops', sport: 'basketball', kind: 'team' })
    expect(leagueForCard(card('adultBasketball'), [otherTeam, named], TODAY)).toBe(named)
    expect(leagueForCard(card('adultBasketball'), [otherTeam], TODAY)).toBeUndefined()
  })

  test('other cards show only their sport’s individual leagues', () => {
    const team = league({ name: 'Wednesday Hoops', sport: 'basketball', kind: 'team' })
    const pickup = league({ name: 'Pickup', sport: 'basketball', kind: 'individual' })
    expect(leagueForCard(card('basketball'), [team], TODAY)).toBeUndefined()
    expect(leagueForCard(card('basketball'), [team, pickup], TODAY)).toBe(pickup)
    expect(leagueForCard(card('football'), [pickup], TODAY)).toBeUndefined()
  })

  test('with several open leagues a card shows the one starting soonest', () => {
    const later = league({ name: 'B', startDate: '2027-02-01' })
    const sooner = league({ name: 'A', startDate: '2027-01-10' })
    expect(leagueForCard(card('soccer'), [later, sooner], TODAY)).toBe(sooner)
  })

  test('a card shows the league taking registrations before one whose registration closed, and never one that has ended', () => {
    const current = league({ name: 'Spring Soccer', registrationDate: '2027-01-01', startDate: '2027-02-01', endDate: '2027-04-01' })
    const past = league({ name: 'Old Soccer', registrationDate: '2019-01-01', startDate: '2019-03-01', endDate: '2019-04-01' })
    const underWay = league({ name: 'Winter Soccer', registrationDate: '2026-11-01', startDate: '2026-12-01', endDate: '2027-02-01' })
    const toOpen = league({ name: 'Summer Soccer', registrationDate: '2027-03-01', startDate: '2027-05-01', endDate: '2027-07-01' })
    expect(leagueForCard(card('soccer'), [past, underWay, current, toOpen], TODAY)).toBe(current)
    expect(leagueForCard(card('soccer'), [past, underWay, toOpen], TODAY)).toBe(toOpen)
    expect(leagueForCard(card('soccer'), [past, underWay], TODAY)).toBe(underWay)
    expect(leagueForCard(card('soccer'), [past], TODAY)).toBeUndefined()
    // A deadline staff set keeps registration open past the day before the start.
    expect(leagueForCard(card('soccer'), [toOpen, { ...underWay, registrationDeadline: '2027-01-10' }], TODAY)).toMatchObject({ name: 'Winter Soccer' })
  })
})
