import type { Page } from '@playwright/test'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken, type LeagueInput } from './fixtures.ts'

/*
 * Teams (issue 11): a captain creates a team from /createTeam, signs the waiver on the way and
 * shares the invite link; a friend with no account opens it, creates an account, signs the
 * waiver and joins; the captain sees them on the roster.
 */

/** A league that opened for registration three days ago and starts in a month. */
function openLeague(league: LeagueInput): LeagueInput {
  return { registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90), ...league }
}

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
  await insertLeague(openLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'team',
    teamCapacity: 8,
    rosterMin: 2,
    rosterMax: 8,
    teamPayment: 'team-fee',
    teamFeeCents: 30000,
  }))
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
    // Back from the waiver, the team typed before it is created: nothing to type or press again.
    await signWaiverOnPage(page, captain.displayName)

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
    const person = { displayName: `Jordan Friend ${token}`, email: `jordan-${token}@e2e.test`, phone: '(555) 010-0188', password: `secret-${token}` }
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

test('a team entered once every team place is taken waits, and owes nothing until it has a place', async ({ browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Adult Basketball ${token}`
  const leagueId = await insertLeague(openLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'team',
    teamCapacity: 1,
    rosterMin: 2,
    rosterMax: 8,
    teamPayment: 'team-fee',
    teamFeeCents: 30000,
  }))
  const [first, second] = await Promise.all([createUser({ label: 'first-captain' }), createUser({ label: 'second-captain' })])
  const context = await browser.newContext({ baseURL: BASE_URL })
  try {
    // The only team place goes to the first captain's team.
    const firstApi = await browser.newContext({ baseURL: BASE_URL })
    await signIn(firstApi.request, first)
    const headers = { origin: BASE_URL }
    expect((await firstApi.request.post('/api/waiver/signatures', { headers, data: { signedName: first.displayName, agree: 'yes' } })).status()).toBe(201)
    expect((await firstApi.request.post(`/api/leagues/${leagueId}/teams`, { headers, data: { name: `First ${token}` } })).status()).toBe(201)
    await firstApi.close()

    await signIn(context.request, second)
    const page = await context.newPage()
    await page.goto('/createTeam')
    const card = page.getByRole('article', { name: leagueName })
    await expect(card).toContainText('The league is full: a new team joins the waitlist.')
    await card.getByLabel('Team name').fill(`Second ${token}`)
    await card.getByRole('button', { name: `Join the team waitlist in ${leagueName}` }).click()
    await signWaiverOnPage(page, second.displayName)

    await expect(page.getByRole('heading', { level: 2, name: `Second ${token}` })).toBeVisible()
    await expect(page.locator('.team-head')).toContainText('Waitlisted')
    const entry = page.getByRole('region', { name: 'Team registration' })
    await expect(entry).toContainText('Nothing due while on the waitlist')
    await expect(page.getByText('Pay the balance at the front desk.')).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test('a visitor may read the Adult Basketball sign-up, and is asked to sign in to create a team', async ({ asVisitor: page, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Adult Basketball ${token}`
  await insertLeague(openLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'team',
    teamCapacity: 8,
    teamPayment: 'player-fee',
    priceCents: 6000,
  }))
  await page.goto('/adultBasketball')
  const card = page.getByRole('article', { name: leagueName })
  await expect(card).toContainText('$60.00 per player')
  await card.getByLabel('Team name').fill(`Visitors ${token}`)
  await card.getByRole('button', { name: `Create team in ${leagueName}` }).click()
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await expect(page.getByText('Please sign in to create a team.')).toBeVisible()
})

test('staff create a soccer team from the waitlist, and its captain completes it from the emailed link', async ({ browser, asAdmin: admin, insertLeague, emailLink }) => {
  const token = uniqueToken()
  const leagueName = `Soccer Teams ${token}`
  const teamName = `Waitlisters ${token}`
  await insertLeague(openLeague({
    name: leagueName,
    sport: 'soccer',
    kind: 'team',
    teamCapacity: 4,
    rosterMin: 5,
    rosterMax: 12,
    teamPayment: 'team-fee',
    teamFeeCents: 50000,
  }))
  const captainEmail = `morgan-${token}@e2e.test`

  await openInApp(admin, '/createTeamAdmin')
  await admin.getByLabel('League').selectOption({ label: `${leagueName} (4 team places left)` })
  await admin.getByLabel('Team name').fill(teamName)
  await admin.getByLabel('Captain’s email').fill(captainEmail)
  await admin.getByRole('button', { name: 'Create team', exact: true }).click()
  // No mail server here: the page does not claim an email went (the outbox keeps it, as a mail server would get it).
  await expect(admin.getByRole('status')).toContainText(`Its place is held for ${captainEmail}. Email is not set up on this site: give the captain the invite link from the team’s page`)
  await expect(admin.getByRole('row').filter({ hasText: teamName })).toContainText('Held for its captain')

  // The captain has no account: the emailed link, Create Account with that address, the waiver.
  const context = await browser.newContext({ baseURL: BASE_URL })
  try {
    const captain = await context.newPage()
    const link = await emailLink(captainEmail, undefined)
    await openInApp(captain, link)
    await expect(captain.getByText(`The facility has created ${teamName} in ${leagueName} for its captain`)).toBeVisible()
    await captain.getByRole('main').getByRole('link', { name: 'Create Account' }).click()
    await captain.getByLabel('Display name').fill(`Morgan Lead ${token}`)
    await captain.getByLabel('Email').fill(captainEmail)
    await captain.getByLabel('Phone').fill('(555) 010-0199')
    await captain.getByLabel('Password', { exact: true }).fill(`secret-${token}`)
    await captain.getByLabel('Confirm password').fill(`secret-${token}`)
    await captain.getByRole('button', { name: 'Create Account' }).click()
    await expect(captain).toHaveURL(`${BASE_URL}${link}`)
    await captain.getByRole('button', { name: 'Complete the team’s registration' }).click()
    await signWaiverOnPage(captain, `Morgan Lead ${token}`)
    await expect(captain.getByText(`${teamName} is registered, with you as its captain.`)).toBeVisible()
    await expect(captain.locator('.team-head')).toContainText('Forming')
    await expect(captain.getByText('$500.00').first()).toBeVisible()
    await expect(captain.getByLabel('Invite link')).toBeVisible()
  } finally {
    await context.close()
  }
})

test('a team staff hold for a customer shows on their account page, and completes from there without the email', async ({ browser, asAdmin: admin, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Soccer Holds ${token}`
  const teamName = `Held FC ${token}`
  await insertLeague(openLeague({ name: leagueName, sport: 'soccer', kind: 'team', teamCapacity: 4, rosterMax: 12, teamPayment: 'team-fee', teamFeeCents: 45000 }))
  const captain = await createUser({ displayName: `Riley Held ${token}` })

  await openInApp(admin, '/createTeamAdmin')
  await admin.getByLabel('League').selectOption({ label: `${leagueName} (4 team places left)` })
  await admin.getByLabel('Team name').fill(teamName)
  await admin.getByLabel('Captain’s email').fill(captain.email)
  await admin.getByRole('button', { name: 'Create team', exact: true }).click()
  await expect(admin.getByRole('status')).toContainText(`Its place is held for ${captain.email}.`)

  const context = await browser.newContext({ baseURL: BASE_URL })
  try {
    const page = await context.newPage()
    await signIn(page.request, captain)
    await openInApp(page, '/account')
    const teams = page.getByRole('region', { name: 'Your teams' })
    await expect(teams).toContainText(`${teamName} — ${leagueName}. The facility holds this team’s place for you until`)
    await teams.getByRole('link', { name: `Complete the team ${teamName}` }).click()
    await page.getByRole('button', { name: 'Complete the team’s registration' }).click()
    await signWaiverOnPage(page, captain.displayName)
    await expect(page.getByText(`${teamName} is registered, with you as its captain.`)).toBeVisible()

    await openInApp(page, '/account')
    await expect(teams.getByRole('link', { name: teamName })).toBeVisible()
    await expect(teams).toContainText('you are the captain')
    await expect(teams.getByRole('link', { name: /^Complete the team/ })).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test('staff place a free agent on a team from Manage League Players', async ({ asAdmin: admin, createUser, insertLeague, playwright }) => {
  const token = uniqueToken()
  const teamLeagueName = `Soccer Teams ${token}`
  const teamLeagueId = await insertLeague(openLeague({
    name: teamLeagueName,
    sport: 'soccer',
    kind: 'team',
    teamCapacity: 6,
    rosterMax: 10,
    teamPayment: 'player-fee',
    priceCents: 5000,
  }))
  const freeAgentLeagueId = await insertLeague(openLeague({
    name: `Soccer Free Agents ${token}`,
    sport: 'soccer',
    kind: 'individual',
    priceCents: 5000,
  }))
  const [captain, agent] = await Promise.all([createUser({ displayName: `Cap ${token}` }), createUser({ displayName: `Agent ${token}` })])
  const api = await playwright.request.newContext()
  const asUser = async (user: typeof captain, path: string, data: object) => {
    await signIn(api, user)
    await api.post(`${BASE_URL}/api/waiver/signatures`, { headers: { origin: BASE_URL }, data: { signedName: user.displayName, agree: 'yes' } })
    const res = await api.post(`${BASE_URL}${path}`, { headers: { origin: BASE_URL }, data })
    expect(res.ok(), await res.text()).toBe(true)
  }
  try {
    await asUser(captain, `/api/leagues/${teamLeagueId}/teams`, { name: `Kickers ${token}` })
    await asUser(agent, `/api/leagues/${freeAgentLeagueId}/registrations`, {})
  } finally {
    await api.dispose()
  }

  await openInApp(admin, '/manageLeaguePlayers/league')
  await admin.getByLabel('League').selectOption({ label: teamLeagueName })
  await expect(admin).toHaveURL(`${BASE_URL}/manageLeaguePlayers/league/${teamLeagueId}`)
  const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: new RegExp(`Agent ${token}`) }) })
  await row.getByLabel(`Team for Agent ${token}`).selectOption({ label: `Kickers ${token} (1 of 10)` })
  await row.getByRole('button', { name: `Place Agent ${token}` }).click()
  await expect(admin.getByRole('status').filter({ hasText: `Agent ${token} is now on Kickers ${token}.` })).toBeVisible()
  // Other specs' soccer free agents may be waiting too: this one has left the list.
  await expect(admin.getByRole('region', { name: 'Free agents' }).getByText(`Agent ${token}`)).toHaveCount(0)
  const team = admin.getByRole('region', { name: `Kickers ${token}` })
  await expect(team.getByRole('rowheader', { name: new RegExp(`Agent ${token}`) })).toBeVisible()
})

test('staff import teams from a CSV file: a dry run with the bad rows, then a clean import', async ({ asAdmin: admin, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Import League ${token}`
  await insertLeague(openLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'team',
    teamCapacity: 10,
    teamPayment: 'team-fee',
    teamFeeCents: 20000,
  }))
  const csv = (rows: string[]) => ({ name: 'teams.csv', mimeType: 'text/csv', buffer: Buffer.from(['Team name,Captain email,Players', ...rows].join('\n')) })

  await openInApp(admin, '/addTeams')
  await admin.getByLabel('League').selectOption({ label: `${leagueName} (10 team places left)` })
  await admin.getByLabel('CSV file').setInputFiles(csv([`Alpha ${token},alpha-${token}@e2e.test,p-${token}@e2e.test`, `Beta ${token},not-an-email`]))
  await expect(admin.getByLabel('Teams')).toHaveValue(new RegExp(`Alpha ${token}`))
  await admin.getByRole('button', { name: 'Check' }).click()
  await expect(admin.getByRole('status').filter({ hasText: '1 bad row: fix it and check again. Nothing has been written.' })).toBeVisible()
  await expect(admin.getByRole('row').filter({ hasText: `Beta ${token}` })).toContainText('Bad row: Please enter a valid email address.')
  await expect(admin.getByRole('button', { name: /^Import/ })).toBeDisabled()

  await admin.getByLabel('CSV file').setInputFiles(csv([`Alpha ${token},alpha-${token}@e2e.test,p-${token}@e2e.test`, `Beta ${token},beta-${token}@e2e.test`]))
  await admin.getByRole('button', { name: 'Check' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Ready: 2 new teams. Nothing has been written yet.' })).toBeVisible()
  await admin.getByRole('button', { name: 'Import 2 teams' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Imported: 2 teams created. Email is not set up on this site' })).toBeVisible()

  // The same file again: nothing twice.
  await admin.getByRole('button', { name: 'Check' }).click()
  await expect(admin.getByRole('row').filter({ hasText: `Alpha ${token}` })).toContainText('Already in the league')
  await expect(admin.getByRole('button', { name: 'Import 0 teams' })).toBeDisabled()
})
