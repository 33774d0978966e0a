import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { timestampParam } from '../src/server/db/values.ts'
import { PAYMENT_CSV_HEADERS } from '../src/server/features/dashboard/reports.queries.ts'
import { addDays } from '../src/shared/registration-window.ts'
import { BASE_URL, daysFromToday, expect, test, uniqueToken } from './fixtures.ts'

/*
 * Reports (issue 32): a manager opens Reports from the Dashboard, chooses last week and downloads
 * the payments and refunds: the file has its header and the check taken at the desk last week,
 * its payer's accents intact.
 */
test('a manager downloads last week’s payments from Reports and finds the desk payment in it', async ({ asAdmin: page, backend, createUser, insertLeague, playwright }) => {
  const token = uniqueToken()
  const leagueName = `Report League ${token}`
  const leagueId = await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', priceCents: 4500, registrationDate: daysFromToday(-20), startDate: daysFromToday(5) })
  const customer = await createUser({ role: 'customer', displayName: `Zoë Núñez ${token}` })
  const sent = { headers: { origin: BASE_URL } }
  const request = await playwright.request.newContext()
  let registrationId: string
  try {
    expect((await request.post(`${BASE_URL}/api/auth/sign-in/email`, { ...sent, data: { email: customer.email, password: customer.password } })).ok()).toBe(true)
    expect((await request.post(`${BASE_URL}/api/waiver/signatures`, { ...sent, data: { signedName: customer.displayName, agree: 'yes' } })).status()).toBe(201)
    const placed = await request.post(`${BASE_URL}/api/leagues/${leagueId}/registrations`, { ...sent, data: {} })
    expect(placed.status()).toBe(201)
    registrationId = ((await placed.json()) as { registration: { id: string } }).registration.id
  } finally {
    await request.dispose()
  }
  const reference = `Check ${token}`
  const paid = await page.request.post(`${BASE_URL}/api/admin/registrations/${registrationId}/payments`, { ...sent, data: { amount: '45', method: 'check', reference } })
  expect(paid.status(), await paid.text()).toBe(201)
  // Taken last Wednesday at noon, the facility's time.
  const today = daysFromToday(0)
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7))
  const [from, to, wednesday] = [addDays(monday, -7), addDays(monday, -1), addDays(monday, -5)]
  await backend.db.kysely
    .updateTable('payments')
    .set({ recordedAt: timestampParam(backend.db.dialect, new Date(`${wednesday}T17:00:00Z`)) })
    .where('reference', '=', reference)
    .execute()

  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Reports', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports')
  await page.getByRole('button', { name: 'Last week' }).click()
  await expect(page.getByLabel('From')).toHaveValue(from)
  await expect(page.getByLabel('To')).toHaveValue(to)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download payments and refunds (CSV)' }).click()])
  expect(download.suggestedFilename()).toBe(`payments-${from}-to-${to}.csv`)

  const bytes = await readFile(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const [header, ...rows] = parse(bytes.toString('utf8'), { bom: true }) as string[][]
  expect(header).toEqual([...PAYMENT_CSV_HEADERS])
  const row = rows.find((r) => r[header!.indexOf('Reference')] === reference)
  expect(Object.fromEntries(header!.map((name, i) => [name, row?.[i]]))).toEqual({
    Date: expect.stringMatching(new RegExp(`^${wednesday} \\d\\d:00$`)),
    Type: 'Payment',
    Payer: customer.displayName,
    'Payer email': customer.email,
    Method: 'Check',
    Reference: reference,
    'Stripe payment intent': '',
    'Stripe checkout session': '',
    'Stripe refund': '',
    'Amount (dollars)': '45.00',
    'Paid for': `${customer.displayName}: ${leagueName}`,
  })
})
