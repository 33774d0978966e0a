import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * The drawer (issue 32): an employee takes a cash payment at the desk, opens the drawer from the
 * front desk and finds the payment under their name and under cash, then downloads the day as CSV.
 * Other tests share the database and the employee, so the payment is found by its payer.
 */
test('an employee takes a cash payment, finds it in the drawer under their name and cash, and downloads the CSV', async ({ asEmployee: page, browser, createUser, insertLeague, sessions }) => {
  const { user: employee } = await sessions.get('employee')
  const leagueName = `Drawer Soccer ${uniqueToken()}`
  const leagueId = await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', priceCents: 3750, registrationDate: daysFromToday(-3), startDate: daysFromToday(20), endDate: daysFromToday(80) })
  const customer = await createUser({ label: 'drawer-payer' })
  const setup = await browser.newContext({ baseURL: BASE_URL })
  await signIn(setup.request, customer)
  expect((await setup.request.post('/api/waiver/signatures', { headers: { origin: BASE_URL }, data: { signedName: customer.displayName, agree: 'yes' } })).status()).toBe(201)
  expect((await setup.request.post(`/api/leagues/${leagueId}/registrations`, { headers: { origin: BASE_URL }, data: {} })).status()).toBe(201)
  await setup.close()

  await openInApp(page, '/desk')
  await page.getByLabel('Name, email, phone or a child’s name').fill(customer.email)
  await page.getByRole('link', { name: customer.displayName }).click()
  await page.getByRole('row').filter({ hasText: leagueName }).getByRole('button', { name: /^Payments and details/ }).click()
  await page.getByLabel('Amount (dollars)').fill('37.50')
  await page.getByLabel('Method').selectOption('cash')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByText('Nothing is due: the registration is paid in full.')).toBeVisible()

  await openInApp(page, '/desk')
  await page.getByRole('link', { name: /^The drawer/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Drawer')
  const line = page.getByRole('region', { name: 'Every payment and refund of the day' }).getByRole('row').filter({ hasText: customer.displayName })
  await expect(line.getByRole('cell')).toContainText(['Cash', '$37.50', employee.displayName, leagueName])
  const taker = page.getByRole('region', { name: 'Money taken and given back by who took it' }).getByRole('row', { name: new RegExp(`^${employee.displayName}`) })
  await expect(taker).toBeVisible()
  await expect(taker.getByRole('cell').first()).not.toHaveText('$0.00')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^drawer-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parse(await readFile(await download.path()), { bom: true, columns: true }) as Record<string, string>[]
  expect(rows.filter((r) => r.Payer === customer.displayName)).toEqual([expect.objectContaining({ Kind: 'Payment', Method: 'Cash', Amount: '37.50', 'Taken by': employee.displayName, For: expect.stringContaining(leagueName) })])

  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden()
  await expect(line).toBeVisible()
})
