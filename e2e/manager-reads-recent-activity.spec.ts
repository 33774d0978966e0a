import { BASE_URL, daysFromToday, expect, test, uniqueToken } from './fixtures.ts'
import { changesByStaff, registrationWithDeskPayment } from './staff-history.ts'

/*
 * The manager reads what staff did on the Dashboard's Recent activity (issue 32, decision 0027):
 * an action appears with who did it and what changed, and the kind filter narrows the list; the
 * user's own History on /admin/users has it too; a registration's panel shows the changes staff
 * made to it.
 * Other specs act at the same time, so the checks look for this spec's own row.
 */

test('a role change appears in Recent activity, filtering by another kind hides it, and the user’s History has it', async ({ asAdmin: page, createUser }) => {
  const customer = await createUser({ role: 'customer' })
  const changed = await page.request.post(`${BASE_URL}/api/functions/setUserRole`, { headers: { origin: BASE_URL }, data: { data: { userId: customer.id, role: 'employee' } } })
  expect(changed.ok(), await changed.text()).toBe(true)

  await page.goto('/dashboard')
  const activity = page.getByRole('region', { name: 'Recent activity' })
  const row = activity.getByRole('row').filter({ hasText: customer.displayName })
  await expect(row).toContainText('Role changed')
  await expect(row).toContainText('role: customer → employee')

  await activity.getByLabel('Kind').selectOption({ label: 'Role changed' })
  await expect(row).toBeVisible()
  await activity.getByLabel('Kind').selectOption({ label: 'Refund' })
  await expect(row).toHaveCount(0)

  await page.goto('/admin/users')
  await page.getByLabel('Search by email, name or phone').fill(customer.email)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: `Changes by staff to ${customer.email}` }).click()
  const history = page.getByRole('list', { name: 'Changes by staff' })
  await expect(history).toContainText('Role changed')
  await expect(history).toContainText('role: customer → employee')
})

test('a manager reads a registration’s history: the payment taken at the desk, by whom, and what it changed', async ({ asAdmin: page, createUser, insertLeague, playwright, sessions }) => {
  const { user: admin } = await sessions.get('admin')
  const leagueName = `History Soccer ${uniqueToken()}`
  const leagueId = await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', priceCents: 4500, registrationDate: daysFromToday(-5), startDate: daysFromToday(10) })
  const customer = await createUser({ role: 'customer' })
  const request = await playwright.request.newContext()
  try {
    await registrationWithDeskPayment(request, page, customer, leagueId)
  } finally {
    await request.dispose()
  }

  await page.goto('/pendingRegistrations')
  await page.getByLabel('League', { exact: true }).selectOption({ label: leagueName })
  await page.getByRole('button', { name: `Details for ${customer.displayName}, ${leagueName}` }).click()
  const panel = page.getByRole('region', { name: `${customer.displayName} — ${leagueName}` })
  const history = changesByStaff(panel)
  await expect(history.getByRole('listitem')).toHaveCount(1)
  await expect(history).toContainText(`Payment at the desk by ${admin.displayName}`)
  await expect(history).toContainText('$10.00')
})
