import { BASE_URL, expect, test } from './fixtures.ts'

/*
 * The manager reads what staff did on the Dashboard's Recent activity (issue 32, decision 0027):
 * an action appears with who did it and what changed, and the kind filter narrows the list; the
 * user's own History on /admin/users has it too.
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
