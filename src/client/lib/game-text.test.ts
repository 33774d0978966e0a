import { describe, expect, test } from 'vitest'
import { byDate, dayText, leagueResultText, teamResultText } from './game-text.ts'

const game = { id: 'g', date: '2026-12-01', startTime: '18:00', endTime: '19:00', area: { id: 'a', name: 'Court 1' }, home: { id: 'h', name: 'Owls' }, away: { id: 'v', name: 'Hawks' } }

describe('how a game reads on the open schedule pages', () => {
  test('a date names its weekday, Sunday and Monday included', () => {
    expect([dayText('2026-12-01'), dayText('2026-11-29'), dayText('2026-11-30')]).toEqual(['Tuesday, 12/1/2026', 'Sunday, 11/29/2026', 'Monday, 11/30/2026'])
  })

  test('a league game shows its score home first, a forfeit by name, nothing before its result', () => {
    expect(leagueResultText({ ...game, homeScore: 52, awayScore: 47, forfeitedBy: null })).toBe('52 – 47')
    expect(leagueResultText({ ...game, homeScore: null, awayScore: null, forfeitedBy: 'v' })).toBe('Forfeited by Hawks')
    expect(leagueResultText({ ...game, homeScore: null, awayScore: null, forfeitedBy: null })).toBeNull()
  })

  test('a team’s result says W, L or T with its own score first, a forfeit as such', () => {
    expect(teamResultText({ outcome: 'L', for: 47, against: 52, forfeit: null })).toEqual({ short: 'L 47 – 52', words: 'Lost 47 – 52' })
    expect(teamResultText({ outcome: 'W', for: null, against: null, forfeit: 'opponent' })).toEqual({ short: 'W by forfeit', words: 'Won: the opponent forfeited' })
    expect(teamResultText(null)).toBeNull()
  })

  test('games are grouped by their date in the order given', () => {
    const games = [{ date: '2026-12-01', id: 1 }, { date: '2026-12-01', id: 2 }, { date: '2026-12-08', id: 3 }]
    expect(byDate(games).map((d) => [d.date, d.games.map((g) => g.id)])).toEqual([['2026-12-01', [1, 2]], ['2026-12-08', [3]]])
  })
})
