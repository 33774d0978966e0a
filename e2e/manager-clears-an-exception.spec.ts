import { BASE_URL, daysFromToday, expect, test, uniqueToken } from './fixtures.ts'

/*
 * Needs attention (issue 32, docs/decisions/0029): a manager opens the dashboard, follows a place
 * still unpaid after its league started to the customer's record at the desk, takes the payment
 * there, and finds the item gone from the dashboard: nobody marks it done.
 */
test('a manager follows an unpaid place from Needs attention, takes the payment at the desk, and the item is gone', async ({ asAdmin: page, backend, createUser, insertLeague, playwright }) => {
  const leagueName = `Owing League ${uniqueToken()}`
  const leagueId = await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', priceCents: 4500, registrationDate: daysFromToday(-10), startDate: daysFromToday(5) })
  const customer = await createUser({ role: 'customer' })
  const request = await playwright.request.newContext()
  try {
    const sent = { headers: { origin: BASE_URL } }
    expect((await request.post(`${BASE_URL}/api/auth/sign-in/email`, { ...sent, data: { email: customer.email, password: customer.password } })).ok()).toBe(true)
    expect((await request.post(`${BASE_URL}/api/waiver/signatures`, { ...sent, data: { signedName: customer.displayName, agree: 'yes' } })).status()).toBe(201)
    expect((await request.post(`${BASE_URL}/api/leagues/${leagueId}/registrations`, { ...sent, data: {} })).status()).toBe(201)
  } finally {
    await request.dispose()
  }
  // The league has since started, with the place still unpaid.
  await backend.db.kysely.updateTable('leagues').set({ startDate: daysFromToday(-2) }).where('id', '=', leagueId).execute()

  await page.goto('/dashboard')
  const attention = page.getByRole('region', { name: 'Needs attention' })
  await attention.getByLabel('Show').selectOption('unpaid')
  const item = attention.getByRole('list', { name: 'Items needing attention' }).getByRole('listitem').filter({ hasText: leagueName })
  await expect(item).toContainText(`${customer.displayName}: Owes $45.00 on ${leagueName}`)
  await expect(item).toContainText(/waiting \d+ days?/)
  await item.getByRole('link', { name: customer.displayName }).click()

  await expect(page).toHaveURL(new RegExp(`/desk/customer/${customer.id}$`))
  await page.getByRole('row').filter({ hasText: leagueName }).getByRole('button', { name: /^Payments and details/ }).click()
  await page.getByLabel('Amount (dollars)').fill('45')
  await page.getByLabel('Method').selectOption('cash')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByText('Nothing is due: the registration is paid in full.')).toBeVisible()

  await page.goBack()
  await expect(page).toHaveURL(/\/dashboard$/)
  const section = page.getByRole('region', { name: 'Needs attention' })
  await expect(section.getByRole('heading', { name: 'Needs attention' })).toBeVisible()
  await expect(section.getByRole('listitem').filter({ hasText: leagueName })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Needs attention' }).getByRole('listitem').filter({ hasText: leagueName })).toHaveCount(0)
})
