import type { APIRequestContext, Page } from '@playwright/test'
import { dayText } from '../src/client/lib/game-text.ts'
import { expectNoSeriousViolationsAtWidths } from './axe.ts'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken, type TestUser } from './fixtures.ts'
import { publishSchedule } from '../tests/published-schedule.ts'

/*
 * The open schedule pages (issue 33): a captain reads the team's next game on the team page and
 * on the account page, opens the league's schedule and standings from it, from the league's page
 * and from the list of team leagues, and the team's own
 * games; each page passes axe at a laptop's and a phone's width, and its tables fit the phone.
 */

const ORIGIN = { origin: BASE_URL }

/** Signs the waiver and creates a team in the league as `request`'s person; answers its id. */
async function createTeam(request: APIRequestContext, person: TestUser, leagueId: string, name: string): Promise<string> {
  const waiver = await request.post(`${BASE_URL}/api/waiver/signatures`, { headers: ORIGIN, data: { signedName: person.displayName, agree: 'yes' } })
  expect(waiver.status(), await waiver.text()).toBe(201)
  const res = await request.post(`${BASE_URL}/api/leagues/${leagueId}/teams`, { headers: ORIGIN, data: { name } })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { team: { id: string } }).team.id
}

/** No serious or critical axe violation, and no table region wider than the page, at 1280 and 375 px. */
async function checkAtBothWidths(page: Page): Promise<void> {
  await expectNoSeriousViolationsAtWidths(page, {
    atEach: async (width) => {
      const overflow = await page.locator('.table-scroll table').evaluateAll((tables) => tables.filter((t) => t.scrollWidth > (t.parentElement?.clientWidth ?? 0) + 1).length)
      expect(overflow, `tables wider than the page at ${width} px`).toBe(0)
    },
  })
}

test('a captain sees the next game on the team page and the account page, and opens the league’s schedule and standings', async ({ asVisitor: page, backend, browser, createUser, insertLeague, playwright }) => {
  test.slow()
  const token = uniqueToken()
  const leagueName = `Schedule Hoops ${token}`
  const leagueId = await insertLeague({
    name: leagueName, sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 1, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 0,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const [captain, rivalCaptain] = await Promise.all([createUser({ label: 'schedule-captain' }), createUser({ label: 'schedule-rival' })])
  const [teamName, rivalName] = [`Hoop Dreams ${token}`, `Net Gains ${token}`]
  await signIn(page.request, captain)
  const teamId = await createTeam(page.request, captain, leagueId, teamName)
  const rivalApi = await playwright.request.newContext()
  let rivalId: string
  try {
    await signIn(rivalApi, rivalCaptain)
    rivalId = await createTeam(rivalApi, rivalCaptain, leagueId, rivalName)
  } finally {
    await rivalApi.dispose()
  }
  const schedule = await publishSchedule(backend.db, leagueId, [teamId, rivalId], token, daysFromToday)
  const nextGame = `Next game: ${dayText(schedule.next)}, 7:00 PM – 8:00 PM, ${schedule.court}, against ${rivalName}.`

  await openInApp(page, '/account')
  await expect(page.getByRole('region', { name: 'Your teams' }).locator('.next-game')).toHaveText(nextGame)
  // The account page arrives with it: nothing moves in when the script runs.
  const served = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  try {
    const plain = await served.newPage()
    await plain.goto(`${BASE_URL}/account`)
    await expect(plain.getByRole('region', { name: 'Your teams' }).locator('.next-game')).toHaveText(nextGame)
  } finally {
    await served.close()
  }

  await openInApp(page, '/createTeam')
  await expect(page.getByRole('link', { name: `Schedule and standings of ${leagueName}` })).toHaveAttribute('href', `/schedule/${leagueId}`)
  await openInApp(page, `/league/${leagueId}`)
  await page.getByRole('link', { name: 'Schedule and standings', exact: true }).click()
  await expect(page).toHaveURL(`${BASE_URL}/schedule/${leagueId}`)
  await expect(page.getByRole('table', { name: /^Standings after 1 result/ })).toContainText(teamName)

  await openInApp(page, `/league/${leagueId}/team/${teamId}`)
  await expect(page.locator('.next-game')).toHaveText(nextGame)
  await page.getByRole('link', { name: `League schedule and standings of ${leagueName}` }).click()

  await expect(page).toHaveURL(`${BASE_URL}/schedule/${leagueId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${leagueName}: Schedule and Standings`)
  const standings = page.getByRole('table', { name: /^Standings after 1 result/ })
  await expect(standings).toContainText('teams level on points are ordered by head to head, then points difference, then points for')
  await expect(standings.getByRole('row', { name: new RegExp(teamName) })).toHaveText(`1${teamName}11005247+52`)
  const pastDay = page.getByRole('table', { name: dayText(schedule.past) })
  await expect(pastDay.getByRole('row', { name: new RegExp(`${teamName} vs ${rivalName}`) })).toContainText('52 – 47')
  await expect(page.getByRole('table', { name: dayText(schedule.next) })).toContainText('Not played yet')
  await checkAtBothWidths(page)

  await page.getByRole('table', { name: dayText(schedule.past) }).getByRole('link', { name: teamName }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${teamName}: Schedule`)
  await expect(page.locator('.next-game')).toHaveText(nextGame)
  const games = page.getByRole('table', { name: `Every game of ${teamName}` })
  await expect(games.getByRole('row')).toHaveText([
    'WhenWhereOpponentResult',
    `${dayText(schedule.past)}, 7:00 PM${schedule.court}vs ${rivalName}W 52 – 47`,
    `${dayText(schedule.next)}, 7:00 PM${schedule.court}at ${rivalName}Not played yet`,
    `${dayText(schedule.later)}, 8:00 PM${schedule.court}vs ${rivalName}Not played yet`,
  ])
  await checkAtBothWidths(page)
})
