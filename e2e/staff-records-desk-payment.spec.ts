import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { BASE_URL, daysFromToday, expect, test, uniqueToken, type TestUser } from './fixtures.ts'

/*
 * The front desk: an admin creates a league on /leagues, a customer registers for it (through
 * the API, as the sign-up page would), and the admin takes the payment, or cancels with a
 * refund, on /pendingRegistrations. Other tests share the database, so everything is found by
 * unique names and emails.
 */

/** Signs the customer in, signs the waiver and registers them, as the sign-up page does. */
async function register(request: APIRequestContext, customer: TestUser, leagueId: string): Promise<string> {
  const sent = { headers: { origin: BASE_URL } }
  const signIn = await request.post(`${BASE_URL}/api/auth/sign-in/email`, { ...sent, data: { email: customer.email, password: customer.password } })
  expect(signIn.ok(), await signIn.text()).toBe(true)
  const waiver = await request.post(`${BASE_URL}/api/waiver/signatures`, { ...sent, data: { signedName: customer.displayName, agree: 'yes' } })
  expect(waiver.status(), await waiver.text()).toBe(201)
  const res = await request.post(`${BASE_URL}/api/leagues/${leagueId}/registrations`, { ...sent, data: {} })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { registration: { status: string } }).registration.status
}

function pendingRow(page: Page, customer: TestUser): Locator {
  return page.getByRole('row').filter({ hasText: customer.email })
}

/** The value shown for a term of the detail panel (Balance, Paid, Status). */
function fact(panel: Locator, term: string): Locator {
  return panel.locator('div', { has: panel.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd')
}

async function openDetails(page: Page, customer: TestUser, leagueName: string): Promise<Locator> {
  await page.goto('/pendingRegistrations')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pending Registrations')
  await page.getByLabel('League', { exact: true }).selectOption({ label: leagueName })
  await expect(pendingRow(page, customer)).toHaveCount(1)
  await page.getByRole('button', { name: `Details for ${customer.displayName}, ${leagueName}` }).click()
  const panel = page.getByRole('region', { name: `${customer.displayName} — ${leagueName}` })
  await expect(panel.getByRole('heading', { level: 2 })).toBeFocused()
  return panel
}

test('an admin creates a league, and records a customer’s full payment in cash at the desk', async ({
  asAdmin: page,
  backend,
  createUser,
  sessions,
  playwright,
}) => {
  const { user: admin } = await sessions.get('admin')
  const leagueName = `Desk Soccer ${uniqueToken()}`

  await page.goto('/leagues')
  await page.getByRole('button', { name: 'New league' }).click()
  const form = page.getByRole('region', { name: 'New league' })
  await form.getByLabel('Name').fill(leagueName)
  await form.getByLabel('Sport').selectOption('soccer')
  await form.getByLabel('Registration date').fill(daysFromToday(-5))
  await form.getByLabel('Start date').fill(daysFromToday(10))
  await form.getByLabel('End date').fill(daysFromToday(60))
  await form.getByLabel('Price (dollars)').fill('45')
  await form.getByRole('button', { name: 'Create league' }).click()
  await expect(page.getByRole('status')).toHaveText(`Created ${leagueName}; it is open for registration.`)
  const leagueRow = page.getByRole('row').filter({ hasText: leagueName })
  await expect(leagueRow.getByRole('cell')).toContainText(['Soccer', '$45.00', '0 / no limit', '0', 'Open'])

  const { id: leagueId } = await backend.db.kysely.selectFrom('leagues').select('id').where('name', '=', leagueName).executeTakeFirstOrThrow()
  const customer = await createUser({ role: 'customer' })
  const request = await playwright.request.newContext()
  try {
    expect(await register(request, customer, leagueId)).toBe('confirmed')
  } finally {
    await request.dispose()
  }

  const panel = await openDetails(page, customer, leagueName)
  await expect(pendingRow(page, customer).getByRole('cell')).toContainText(['—', leagueName, 'Confirmed', '—', '$45.00', '$0.00', '$45.00'])
  // Every league again, searched by the customer's name instead.
  await page.getByLabel('League', { exact: true }).selectOption({ label: 'All leagues' })
  await page.getByLabel('Search by name').fill(customer.displayName.toUpperCase())
  await expect(page.getByText(`1 registration is awaiting payment or review for “${customer.displayName.toUpperCase()}”.`)).toBeVisible()
  await expect(pendingRow(page, customer)).toHaveCount(1)
  await expect(fact(panel, 'Balance')).toHaveText('$45.00')
  await expect(panel.getByText('No payments yet.')).toBeVisible()
  // The amount starts at the balance: the full price.
  await expect(panel.getByLabel('Amount (dollars)')).toHaveValue('45.00')
  await panel.getByLabel('Method').selectOption('cash')
  await panel.getByLabel('Reference').fill('Drawer 1')
  await panel.getByRole('button', { name: 'Record payment' }).click()

  await expect(page.getByRole('status')).toHaveText(`Recorded a cash payment of $45.00 for ${customer.displayName}. Paid in full.`)
  await expect(fact(panel, 'Paid')).toHaveText('$45.00')
  await expect(fact(panel, 'Balance')).toHaveText('$0.00 Paid')
  await expect(panel.getByText('Nothing is due: the registration is paid in full.')).toBeVisible()
  await expect(panel.getByRole('row').filter({ hasText: 'Drawer 1' }).getByRole('cell')).toContainText(['Cash', 'Drawer 1', '$45.00'])
  await expect(panel.getByRole('list', { name: 'History' }).getByRole('listitem').last()).toContainText(`Payment recorded: $45.00 cash (Drawer 1) by ${admin.displayName}`)
  // Paid in full, it no longer awaits anything.
  await expect(pendingRow(page, customer)).toHaveCount(0)
})

test('an admin cancels a paid registration with a refund, and the place goes to the waitlist', async ({
  asAdmin: page,
  createUser,
  insertLeague,
  playwright,
}) => {
  const leagueName = `Refund Hoops ${uniqueToken()}`
  const leagueId = await insertLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'individual',
    registrationDate: daysFromToday(-5),
    startDate: daysFromToday(10),
    endDate: daysFromToday(60),
    priceCents: 3000,
    capacity: 1,
  })
  const [holder, waiting] = await Promise.all([createUser(), createUser()])
  const request = await playwright.request.newContext()
  const other = await playwright.request.newContext()
  try {
    expect(await register(request, holder, leagueId)).toBe('confirmed')
    expect(await register(other, waiting, leagueId)).toBe('waitlisted')
  } finally {
    await request.dispose()
    await other.dispose()
  }

  const panel = await openDetails(page, holder, leagueName)
  await expect(pendingRow(page, waiting).getByRole('cell')).toContainText(['Waitlisted', '1 of 1'])
  await expect(pendingRow(page, waiting)).toContainText('Nothing due while on the waitlist')
  await panel.getByLabel('Method').selectOption('card')
  await panel.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByRole('status')).toHaveText(`Recorded a card payment of $30.00 for ${holder.displayName}. Paid in full.`)

  await panel.getByRole('button', { name: 'Cancel registration' }).click()
  const confirm = panel.getByRole('group', { name: 'Cancel this registration' })
  await expect(confirm).toContainText(`Cancel the registration of ${holder.displayName} for ${leagueName}?`)
  await expect(confirm.getByRole('button', { name: 'Yes, cancel it' })).toBeFocused()
  await confirm.getByLabel('Record a refund of $30.00').check()
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click()

  await expect(page.getByRole('status')).toHaveText(
    `Cancelled the registration of ${holder.displayName} for ${leagueName}. A refund of $30.00 was recorded.`,
  )
  await expect(fact(panel, 'Status')).toHaveText('Cancelled')
  await expect(fact(panel, 'Paid')).toHaveText('$0.00')
  await expect(panel.getByRole('row').filter({ hasText: 'Refund on cancellation' }).getByRole('cell')).toContainText(['Refund of card', '−$30.00'])
  await expect(panel.getByRole('list', { name: 'History' }).getByRole('listitem').last()).toContainText('Registration cancelled, refund of $30.00 recorded')
  await expect(panel.getByRole('button', { name: 'Record payment' })).toHaveCount(0)
  // The freed place is offered to the next person at once.
  await expect(pendingRow(page, holder)).toHaveCount(0)
  await expect(pendingRow(page, waiting).getByRole('cell')).toContainText(['Place offered'])
})

test('the league form shows team fields only for team leagues, and ages only for Kids Sports', async ({ asAdmin: page }) => {
  await page.goto('/leagues')
  await page.getByRole('button', { name: 'New league' }).click()
  const form = page.getByRole('region', { name: 'New league' })
  await expect(form.getByRole('heading', { level: 2 })).toBeFocused()
  const teamCapacity = form.getByLabel('Team capacity')
  const minimumAge = form.getByLabel('Minimum age')
  await expect(teamCapacity).toHaveCount(0)
  await expect(minimumAge).toHaveCount(0)

  await form.getByLabel('Kind').selectOption('team')
  await expect(teamCapacity).toBeVisible()
  await expect(form.getByLabel('Maximum roster size')).toBeVisible()
  await form.getByLabel('Sport').selectOption('kids')
  await expect(minimumAge).toBeVisible()
  await expect(form.getByLabel('Maximum age')).toBeVisible()

  await form.getByLabel('Kind').selectOption('individual')
  await expect(teamCapacity).toHaveCount(0)
  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'New league' })).toBeFocused()
})
