import type { APIRequestContext, Browser } from '@playwright/test'
import { expectFitsAndNoSeriousViolations } from './axe.ts'
import { BASE_URL, daysFromToday, expect, signIn, takenOver, test, uniqueToken, type TestUser } from './fixtures.ts'

/*
 * A team league's schedule (issue 33): an admin opens it from the leagues page, sets the game
 * nights (told at the field what is missing), generates the draft from the Complete teams, swaps
 * two games and moves one to a free slot, and publishes it.
 */

const headers = { origin: BASE_URL }

/** A signed-in API session of `user` with the waiver signed, as a browser of theirs would hold. */
async function apiOf(browser: Browser, user: TestUser): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: BASE_URL })
  await signIn(context.request, user)
  expect((await context.request.post('/api/waiver/signatures', { headers, data: { signedName: user.displayName, agree: 'yes' } })).status()).toBe(201)
  return context.request
}

test('an admin sets game nights, generates the draft, swaps and moves games, and publishes', async ({ asAdmin: admin, browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Schedule Hoops ${token}`
  // Teams are Complete as soon as their captain makes them: no fee, a roster of one.
  const leagueId = await insertLeague({
    name: leagueName, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 1, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 0,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const court = `Court ${token}`
  expect((await admin.request.post('/api/admin/playing-areas', { headers, data: { name: court, sports: ['basketball'] } })).status()).toBe(201)
  for (const name of ['Owls', 'Hawks', 'Bears']) {
    const captain = await createUser({ label: `captain-${name}` })
    expect((await (await apiOf(browser, captain)).post(`/api/leagues/${leagueId}/teams`, { headers, data: { name: `${name} ${token}` } })).status()).toBe(201)
  }

  await admin.goto('/leagues')
  await takenOver(admin)
  await admin.getByRole('link', { name: `Schedule ${leagueName}` }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('League Schedule')
  await expect(admin.getByRole('heading', { name: leagueName })).toBeVisible()
  await expect(admin.getByText('No games yet')).toBeVisible()

  const nights = admin.getByRole('region', { name: 'Game nights' })
  await nights.getByLabel(court).check()
  await nights.getByRole('button', { name: 'Save game nights' }).click()
  await expect(nights.getByText('Choose at least one weekday for the game nights.').first()).toBeVisible()
  await nights.getByLabel('Tuesday').check()
  await nights.getByLabel('Thursday').check()
  await nights.getByLabel('First game starts').fill('18:00')
  await nights.getByLabel('Last game starts').fill('20:00')
  await nights.getByLabel('Game length (minutes)').fill('60')
  await nights.getByRole('button', { name: 'Save game nights' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved the game nights.')

  await admin.getByRole('button', { name: 'Generate the schedule' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Generated' })).toHaveText('Generated 3 games. Look them over, then publish.')
  const games = admin.getByRole('table', { name: 'Games' })
  await expect(games.getByRole('row').filter({ hasText: court })).toHaveCount(3)
  await expect(games).toContainText(`Owls ${token}`)
  const spread = admin.getByRole('table', { name: 'Spread per team' })
  await expect(spread.getByRole('row').filter({ hasText: token })).toHaveCount(3)
  await expect(spread.getByRole('row').filter({ hasText: `Bears ${token}` })).toContainText('2')
  await expectFitsAndNoSeriousViolations(admin)

  const swap = admin.getByRole('region', { name: 'Swap two games' })
  await swap.getByLabel('First game', { exact: true }).selectOption({ index: 1 })
  await swap.getByLabel('Second game', { exact: true }).selectOption({ index: 2 })
  await swap.getByRole('button', { name: 'Swap' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Swapped' })).toHaveText('Swapped the two games.')

  const move = admin.getByRole('region', { name: 'Move a game' })
  await move.getByLabel('Game', { exact: true }).selectOption({ index: 1 })
  await move.getByLabel('Free slot').selectOption({ index: 1 })
  await move.getByRole('button', { name: 'Move' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Moved' })).toHaveText('Moved the game.')
  await expect(games.getByRole('row').filter({ hasText: court })).toHaveCount(3)

  await admin.getByRole('button', { name: 'Publish' }).click()
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Published' })).toHaveText('Published. Teams now see their games.')
  await expect(admin.getByText('Every change to a game is emailed to the two teams’ captains and players.')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Generate the schedule' })).toHaveCount(0)
})
