import { describe, expect, test } from 'vitest'
import type { Answer } from '../../../shared/contracts/contract.ts'
import type { readTeamGames } from '../../../shared/contracts/open-schedule.ts'
import { pageAnswers, renderPage } from '../../render-page.tsx'
import { testSite } from '../../render-fixtures.ts'

/*
 * A team's own schedule as the server renders it (render-page.tsx), from the answer of
 * GET /api/leagues/:leagueId/teams/:teamId/games.
 */

const games = (answer: Partial<Answer<typeof readTeamGames>>): Answer<typeof readTeamGames> => ({
  league: { id: 'l-1', name: 'Adult Basketball', sport: 'basketball' },
  team: { id: 't-9', name: 'Hoop Dreams' },
  published: true,
  games: [],
  next: null,
  ...answer,
})

async function schedulePage(answer: Answer<typeof readTeamGames>): Promise<string> {
  const path = '/schedule/l-1/team/t-9'
  const answers = (await pageAnswers(path, null)).map((a) => ({ queryKey: a.queryKey, json: JSON.stringify(a.url.endsWith('/games') ? answer : null) }))
  // Without React's markers between the parts of a text.
  return (await renderPage(testSite, path, answers, null)).html.replaceAll('<!-- -->', '')
}

describe('a team’s schedule', () => {
  test('a team with no games in the published schedule is told so, and no empty table is drawn', async () => {
    const html = await schedulePage(games({}))
    expect(html).toContain('Hoop Dreams has no games in the league’s schedule yet. Ask the front desk when its games will be added.')
    expect(html).not.toContain('<table')
  })

  test('a team with games gets them in a table', async () => {
    const game = { id: 'g-1', date: '2026-12-01', startTime: '19:30', endTime: '20:30', area: { id: 'a-2', name: 'Court 2' }, opponent: { id: 't-2', name: 'Baseline Bandits' }, home: true, result: null }
    const html = await schedulePage(games({ games: [game], next: game }))
    expect(html).toContain('Every game of Hoop Dreams')
    expect(html).toContain('vs Baseline Bandits')
    expect(html).not.toContain('has no games')
  })
})
