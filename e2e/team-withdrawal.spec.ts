import type { APIRequestContext, Browser } from '@playwright/test'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken, type TestUser } from './fixtures.ts'

/*
 * A team belongs to its current captain, and a withdrawn team is gone (issue 21 §1): its players
 * are free to join another team, and after a handover the new captain is the one who withdraws it.
 */

const headers = { origin: BASE_URL }

/** A signed-in API session of `user` with the waiver signed, as a browser of theirs would hold. */
async function apiOf(browser: Browser, user: TestUser): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: BASE_URL })
  await signIn(context.request, user)
  expect((await context.request.post('/api/waiver/signatures', { headers, data: { signedName: user.displayName, agree: 'yes' } })).status()).toBe(201)
  return context.request
}

interface MadeTeam {
  id: string
  inviteUrl: string
  players: { userId: string; registrationId: string }[]
}

async function createTeam(api: APIRequestContext, leagueId: string, name: string): Promise<MadeTeam> {
  const res = await api.post(`/api/leagues/${leagueId}/teams`, { headers, data: { name } })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { team: MadeTeam }).team
}

async function join(api: APIRequestContext, leagueId: string, team: MadeTeam): Promise<MadeTeam> {
  const invite = new URL(team.inviteUrl).searchParams.get('invite')
  const res = await api.post(`/api/leagues/${leagueId}/teams/${team.id}/players`, { headers, data: { invite } })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { team: MadeTeam }).team
}

test('a captain withdraws the team, and its player joins another team of the league', async ({ browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Adult Basketball ${token}`
  const leagueId = await insertLeague({
    name: leagueName, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 30000,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const [captain, player, otherCaptain] = await Promise.all([createUser({ label: 'captain' }), createUser({ label: 'player' }), createUser({ label: 'other-captain' })])
  const teamName = `Leavers ${token}`
  const team = await createTeam(await apiOf(browser, captain), leagueId, teamName)
  await join(await apiOf(browser, player), leagueId, team)
  const other = await createTeam(await apiOf(browser, otherCaptain), leagueId, `Stayers ${token}`)

  const captainContext = await browser.newContext({ baseURL: BASE_URL })
  const playerContext = await browser.newContext({ baseURL: BASE_URL })
  try {
    await signIn(captainContext.request, captain)
    const page = await captainContext.newPage()
    await openInApp(page, `/league/${leagueId}/team/${team.id}`)
    await page.getByRole('button', { name: 'Withdraw the team' }).click()
    await page.getByRole('alertdialog', { name: `Withdraw ${teamName} from ${leagueName}?` }).getByRole('button', { name: 'Withdraw the team' }).click()
    await expect(page).toHaveURL(`${BASE_URL}/account`)
    await expect(page.getByText(`${teamName} was withdrawn from ${leagueName}. Each player was told.`)).toBeVisible()

    // The old invite link says what happened; the player joins the other team.
    await signIn(playerContext.request, player)
    const friend = await playerContext.newPage()
    const dead = new URL(team.inviteUrl)
    await openInApp(friend, dead.pathname + dead.search)
    await expect(friend.getByText('This team was withdrawn from its league')).toBeVisible()
    const live = new URL(other.inviteUrl)
    await openInApp(friend, live.pathname + live.search)
    await friend.getByRole('button', { name: `Join Stayers ${token}` }).click()
    await expect(friend.getByText(`You joined Stayers ${token}.`)).toBeVisible()
  } finally {
    await captainContext.close()
    await playerContext.close()
  }
})

test('a captain hands the team over, and the new captain withdraws it', async ({ browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Adult Basketball ${token}`
  const leagueId = await insertLeague({
    name: leagueName, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 30000,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const [captain, next] = await Promise.all([createUser({ label: 'first-captain', displayName: `Avery First ${token}` }), createUser({ label: 'next-captain', displayName: `Blake Next ${token}` })])
  const teamName = `Handed ${token}`
  const team = await createTeam(await apiOf(browser, captain), leagueId, teamName)
  await join(await apiOf(browser, next), leagueId, team)

  const captainContext = await browser.newContext({ baseURL: BASE_URL })
  const nextContext = await browser.newContext({ baseURL: BASE_URL })
  try {
    await signIn(captainContext.request, captain)
    const page = await captainContext.newPage()
    await openInApp(page, `/league/${leagueId}/team/${team.id}`)
    await page.getByRole('row').filter({ hasText: next.displayName }).getByRole('button', { name: /^Make captain/ }).click()
    await page.getByRole('alertdialog', { name: `Make ${next.displayName} the captain?` }).getByRole('button', { name: 'Make captain' }).click()
    await expect(page.getByRole('button', { name: 'Withdraw the team' })).toHaveCount(0)

    // The team's registration is the new captain's now: on their account page, and theirs to withdraw.
    await signIn(nextContext.request, next)
    const newPage = await nextContext.newPage()
    await openInApp(newPage, '/account')
    await expect(newPage.getByRole('article').filter({ hasText: teamName }).first()).toBeVisible()
    await openInApp(newPage, `/league/${leagueId}/team/${team.id}`)
    await newPage.getByRole('button', { name: 'Withdraw the team' }).click()
    await newPage.getByRole('alertdialog').getByRole('button', { name: 'Withdraw the team' }).click()
    await expect(newPage.getByText(`${teamName} was withdrawn from ${leagueName}. Each player was told.`)).toBeVisible()
  } finally {
    await captainContext.close()
    await nextContext.close()
  }
})

test('after Copy link, Make a new link says the old link stopped working, not that the link is copied', async ({ browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueId = await insertLeague({
    name: `Adult Basketball ${token}`, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 30000,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const captain = await createUser({ label: 'copy-captain' })
  const team = await createTeam(await apiOf(browser, captain), leagueId, `Copycats ${token}`)
  const context = await browser.newContext({ baseURL: BASE_URL, permissions: ['clipboard-read', 'clipboard-write'] })
  try {
    await signIn(context.request, captain)
    const page = await context.newPage()
    await openInApp(page, `/league/${leagueId}/team/${team.id}`)
    const panel = page.getByRole('region', { name: 'Invite players' })
    await panel.getByRole('button', { name: 'Copy link' }).click()
    await expect(panel.getByRole('status').first()).toHaveText('The link is copied.')
    await panel.getByRole('button', { name: 'Make a new link' }).click()
    await page.getByRole('alertdialog', { name: 'Make a new link?' }).getByRole('button', { name: 'Make a new link' }).click()
    await expect(panel.getByRole('status').first()).toHaveText('A new link is ready, and the old one no longer works: share the new one.')
  } finally {
    await context.close()
  }
})
