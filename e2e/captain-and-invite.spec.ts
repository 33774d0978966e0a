import type { Page } from '@playwright/test'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * Teams (issue 11): a captain creates a team from /createTeam, signs the waiver on the way and
 * shares the invite link; a friend with no account opens it, creates an account, signs the
 * waiver and joins; the captain sees them on the roster.
 */

async function signWaiverOnPage(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(`${BASE_URL}/waiver`)
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('I have read and agree to this waiver').check()
  await page.getByRole('button', { name: /^Sign/ }).click()
  await page.getByRole('link', { name: 'Continue registration' }).click()
}

test('a captain creates a team, and a friend joins through the invite link with a new account', async ({ browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Adult Basketball ${token}`
  const teamName = `Hoopers ${token}`
  await insertLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'team',
    registrationDate: daysFromToday(-3),
    startDate: daysFromToday(30),
    endDate: daysFromToday(90),
    teamCapacity: 8,
    rosterMin: 2,
    rosterMax: 8,
    teamPayment: 'team-fee',
    teamFeeCents: 30000,
  })
  const captain = await createUser({ displayName: `Casey Captain ${token}` })
  const captainContext = await browser.newContext({ baseURL: BASE_URL })
  const friendContext = await browser.newContext({ baseURL: BASE_URL })
  try {
    await signIn(captainContext.request, captain)
    const page = await captainContext.newPage()
    await page.goto('/createTeam')
    const card = page.getByRole('article', { name: leagueName })
    await expect(card).toContainText('Team fee $300.00')
    await card.getByLabel('Team name').fill(teamName)
    await card.getByRole('button', { name: `Create team in ${leagueName}` }).click()
    await signWaiverOnPage(page, captain.displayName)
    await expect(page).toHaveURL(`${BASE_URL}/createTeam`)
    await card.getByLabel('Team name').fill(teamName)
    await card.getByRole('button', { name: `Create team in ${leagueName}` }).click()

    await expect(page.getByRole('heading', { level: 2, name: teamName })).toBeVisible()
    await expect(page.getByText(`${teamName} is registered. Share its invite link with your players.`)).toBeVisible()
    await expect(page.locator('.team-head')).toContainText('Forming')
    const inviteUrl = new URL(await page.getByLabel('Invite link').inputValue())
    expect(inviteUrl.pathname).toMatch(/^\/league\/[^/]+\/team\/[^/]+\/signUp$/)

    // The friend opens the link: no account yet.
    const friend = await friendContext.newPage()
    await openInApp(friend, inviteUrl.pathname + inviteUrl.search)
    await expect(friend.getByText(`Casey invites you to play on ${teamName} in ${leagueName}.`)).toBeVisible()
    await expect(friend.getByText('Paid by the captain')).toBeVisible()
    await friend.getByRole('main').getByRole('link', { name: 'Create Account' }).click()
    const person = { displayName: `Jordan Friend ${token}`, email: `jordan-${token}@e2e.test`, phone: '555-0188', password: `secret-${token}` }
    await friend.getByLabel('Display name').fill(person.displayName)
    await friend.getByLabel('Email').fill(person.email)
    await friend.getByLabel('Phone').fill(person.phone)
    await friend.getByLabel('Password', { exact: true }).fill(person.password)
    await friend.getByLabel('Confirm password').fill(person.password)
    await friend.getByRole('button', { name: 'Create Account' }).click()

    // Back on the invitation, signed in: Join, the waiver, and Join again.
    await expect(friend).toHaveURL(`${BASE_URL}${inviteUrl.pathname}${inviteUrl.search}`)
    await friend.getByRole('button', { name: `Join ${teamName}` }).click()
    await signWaiverOnPage(friend, person.displayName)
    await expect(friend).toHaveURL(`${BASE_URL}${inviteUrl.pathname}${inviteUrl.search}`)
    await friend.getByRole('button', { name: `Join ${teamName}` }).click()
    await expect(friend.getByText(`You joined ${teamName}.`)).toBeVisible()
    await expect(friend.getByRole('heading', { level: 2, name: teamName })).toBeVisible()
    // A player sees the roster, not the invite link.
    await expect(friend.getByRole('rowheader', { name: person.displayName })).toBeVisible()
    await expect(friend.getByLabel('Invite link')).toHaveCount(0)

    // The captain sees the new player with their waiver signed; the team still owes its fee.
    await page.reload()
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: person.displayName }) })
    await expect(row).toContainText('Signed')
    await expect(page.locator('.team-head')).toContainText('Forming')
    await expect(page.getByText('Pay the balance at the front desk.')).toBeVisible()
  } finally {
    await captainContext.close()
    await friendContext.close()
  }
})

test('a visitor may read the Adult Basketball sign-up, and is asked to sign in to create a team', async ({ asVisitor: page, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Adult Basketball ${token}`
  await insertLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'team',
    registrationDate: daysFromToday(-3),
    startDate: daysFromToday(30),
    endDate: daysFromToday(90),
    teamCapacity: 8,
    teamPayment: 'player-fee',
    priceCents: 6000,
  })
  await page.goto('/adultBasketball')
  const card = page.getByRole('article', { name: leagueName })
  await expect(card).toContainText('$60.00 per player')
  await card.getByLabel('Team name').fill(`Visitors ${token}`)
  await card.getByRole('button', { name: `Create team in ${leagueName}` }).click()
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await expect(page.getByText('Please sign in to create a team.')).toBeVisible()
})
