import type { Locator, Page } from '@playwright/test'
import { countActiveLeagues } from '../src/server/features/leagues/leagues.queries.ts'
import { countUsersByRole } from '../src/server/features/users/users.queries.ts'
import { timestampParam } from '../src/server/db/values.ts'
import { staffPages } from '../src/shared/route-purposes.ts'
import { ROUTES } from '../src/shared/routes.ts'
import { formatDate } from '../src/shared/format.ts'
import { BASE_URL, daysFromToday, expect, test, uniqueToken } from './fixtures.ts'

/*
 * An admin finds accounts, changes their role and reads the dashboard. Other tests create
 * users at the same time, so searches use unique tokens and counts are checked against the
 * database before and after the page loaded.
 */

function dataRows(page: Page): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell') })
}

async function shownEmails(page: Page): Promise<string[]> {
  const rows = await dataRows(page).all()
  return Promise.all(rows.map(async (row) => (await row.getByRole('cell').first().textContent()) ?? ''))
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search by email, name or phone').fill(text)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
}

async function openUsers(page: Page): Promise<void> {
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users')
  await expect(page.getByRole('columnheader')).toHaveText(['Email', 'Display name', 'Phone', 'Role', 'Created', 'Actions'])
}

test('an admin finds a customer and makes them an employee', async ({ asAdmin: page, createUser }) => {
  const customer = await createUser({ role: 'customer', phone: '(555) 010-0142' })
  await openUsers(page)

  await search(page, customer.email)
  await expect(page.getByText('Showing 1–1 of 1 users.')).toBeVisible()
  await expect(dataRows(page)).toHaveCount(1)
  // The facility's day, as every page shows moments: the browser's own day differs around midnight.
  const today = formatDate(daysFromToday(0))
  const cells = dataRows(page).getByRole('cell')
  await expect(cells.nth(0)).toHaveText(customer.email)
  await expect(cells.nth(1)).toHaveText(customer.displayName)
  await expect(cells.nth(2)).toHaveText('(555) 010-0142')
  await expect(cells.nth(4)).toHaveText(today)
  const role = page.getByLabel(`Role of ${customer.email}`)
  await expect(role).toHaveValue('customer')

  await role.selectOption('employee')
  await expect(page.getByRole('status')).toContainText(`${customer.email} is now`)
  await expect(page.getByRole('status')).toContainText('employee')
  await expect(role).toHaveValue('employee')

  await page.reload()
  await search(page, customer.email)
  await expect(dataRows(page)).toHaveCount(1)
  await expect(page.getByLabel(`Role of ${customer.email}`)).toHaveValue('employee')
})

test('the role change notice reads "an employee"', async ({ asAdmin: page, createUser }) => {
  const customer = await createUser({ role: 'customer' })
  await openUsers(page)
  await search(page, customer.email)
  await page.getByLabel(`Role of ${customer.email}`).selectOption('employee')
  await expect(page.getByRole('status')).toHaveText(`${customer.email} is now an employee.`, { timeout: 2_000 })
})

test('an admin makes a password link for an employee, who chooses a password with it once', async ({ asAdmin: page, asVisitor: visitor, createUser }) => {
  const employee = await createUser({ role: 'employee' })
  await openUsers(page)
  await search(page, employee.email)
  await expect(dataRows(page)).toHaveCount(1)
  await page.getByRole('button', { name: `Make a password link for ${employee.email}` }).click()
  const status = page.getByRole('status')
  await expect(status).toContainText(`No mail server is set up here: give ${employee.email} this one-time link in person.`)
  const link = await page.getByLabel(`One-time password link for ${employee.email}`).inputValue()
  expect(new URL(link).pathname).toBe('/resetPassword')

  const newPassword = `${employee.password}-from-admin`
  await visitor.goto(link)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Reset Password')
  await visitor.getByLabel('New password', { exact: true }).fill(newPassword)
  await visitor.getByLabel('Confirm new password').fill(newPassword)
  await visitor.getByRole('button', { name: 'Save New Password' }).click()
  await expect(visitor.getByRole('status')).toContainText('password')
  const signIn = (password: string) => visitor.request.post(`${BASE_URL}/api/auth/sign-in/email`, { headers: { origin: BASE_URL }, data: { email: employee.email, password } })
  expect((await signIn(newPassword)).status()).toBe(200)
  // Once only: the same link a second time is refused.
  const again = await visitor.request.post(`${BASE_URL}/api/auth/reset-password`, {
    headers: { origin: BASE_URL },
    data: { token: new URL(link).searchParams.get('token'), newPassword: 'another-password', confirmNewPassword: 'another-password' },
  })
  expect(again.status()).toBe(400)
})

test('an admin cannot change their own role', async ({ asAdmin: page, sessions }) => {
  const { user: me } = await sessions.get('admin')
  await openUsers(page)
  await search(page, me.email)
  await expect(dataRows(page)).toHaveCount(1)
  await expect(page.getByLabel(`Role of ${me.email}`)).toHaveValue('admin')
  await expect(page.getByLabel(`Role of ${me.email}`)).toBeDisabled()
})

test('more than 25 users are shown 25 to a page', async ({ asAdmin: page, createUser }) => {
  const token = uniqueToken()
  const created = await Promise.all(Array.from({ length: 26 }, () => createUser({ label: `batch-${token}` })))
  const emails = created.map((u) => u.email)
  await openUsers(page)
  await search(page, `batch-${token}`)

  await expect(page.getByText('Showing 1–25 of 26 users.')).toBeVisible()
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(dataRows(page)).toHaveCount(25)
  const previous = page.getByRole('button', { name: 'Previous' })
  const next = page.getByRole('button', { name: 'Next' })
  await expect(previous).toBeDisabled()
  const firstPage = await shownEmails(page)

  await next.click()
  await expect(page.getByText('Showing 26–26 of 26 users.')).toBeVisible()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(dataRows(page)).toHaveCount(1)
  await expect(next).toBeDisabled()
  const secondPage = await shownEmails(page)
  expect([...firstPage, ...secondPage].sort()).toEqual([...emails].sort())

  await previous.click()
  await expect(dataRows(page)).toHaveCount(25)
})

test('the dashboard shows users by role and active leagues', async ({ asAdmin: page, backend }) => {
  const before = await countUsersByRole(backend.db)
  const leaguesBefore = await countActiveLeagues(backend.db)
  await page.goto('/dashboard')
  const figures = page.getByRole('list', { name: 'Users by role' }).getByRole('listitem')
  await expect(figures).toHaveText([/^\d+ customers$/, /^\d+ employees$/, /^\d+ admins$/, /^\d+ active leagues$/])
  const [customers, employees, admins, leagues] = (await figures.allTextContents()).map((text) => Number.parseInt(text, 10))
  const after = await countUsersByRole(backend.db)
  const leaguesAfter = await countActiveLeagues(backend.db)

  // Other tests add users and leagues meanwhile, and only ever promote customers, so each
  // figure lies between the counts read before and after the page loaded.
  const total = (counts: typeof before) => counts.customer + counts.employee + counts.admin
  expect(admins).toBeGreaterThanOrEqual(Math.max(1, before.admin))
  expect(admins).toBeLessThanOrEqual(after.admin)
  expect(employees).toBeGreaterThanOrEqual(before.employee)
  expect(employees).toBeLessThanOrEqual(after.employee)
  expect(customers! + employees! + admins!).toBeGreaterThanOrEqual(total(before))
  expect(customers! + employees! + admins!).toBeLessThanOrEqual(total(after))
  expect(leagues).toBeGreaterThanOrEqual(leaguesBefore)
  expect(leagues).toBeLessThanOrEqual(leaguesAfter)
})

test('the dashboard links to every admin page', async ({ asAdmin: page }) => {
  /** A page of one record (a season's summary) is reached from the record, not from the list. */
  const adminPages = ROUTES.filter((route) => route.access === 'admin' && route.id !== 'dashboard' && !route.path.includes('/:'))
  await page.goto('/dashboard')
  const main = page.getByRole('main')
  for (const route of adminPages) {
    await expect(main.getByRole('link', { name: route.title, exact: true })).toHaveAttribute('href', route.path)
  }
  for (const route of adminPages) {
    await main.getByRole('link', { name: route.title, exact: true }).click()
    await expect(page).toHaveURL(BASE_URL + route.path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title)
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard')
  }
})

test('the dashboard lists every page staff work on, from the route table, and the state of backups', async ({ asAdmin: page }) => {
  await page.goto('/dashboard')
  const main = page.getByRole('main')
  for (const { route, path } of staffPages()) {
    await expect(main.getByRole('link', { name: route.title, exact: true })).toHaveAttribute('href', path)
  }
  for (const title of ['Leagues', 'Waiver', 'Manage League Players', 'Pending Registrations']) {
    await expect(main.getByRole('link', { name: title, exact: true })).toBeVisible()
  }
  const backups = page.getByRole('region', { name: 'Backups' })
  // The suite's servers make no scheduled backups: the page says so, and how to make one.
  await expect(backups.getByRole('alert')).toHaveText('Scheduled backups are off (BACKUP_EVERY_HOURS=0): make them with npm run backup.')
  await expect(backups).toContainText('npm run restore -- --from FILE')
})

test('the dashboard shows background work that failed, and an admin sends a dead job round again', async ({ asAdmin: page, backend }) => {
  const kind = `e2e-refund-${uniqueToken()}`
  const { db } = backend
  const at = timestampParam(db.dialect, new Date())
  await db.kysely
    .insertInto('jobs')
    .values({ id: kind, kind, payload: '{}', status: 'dead', attempts: 6, runAt: at, lastError: 'The payment provider answered 503.', createdAt: at, updatedAt: at })
    .execute()
  await page.goto('/dashboard')
  const panel = page.getByRole('region', { name: 'Background work' })
  const row = panel.getByRole('row').filter({ hasText: kind })
  await expect(row.getByRole('cell')).toHaveText([kind, /\d/, '6', 'The payment provider answered 503.', /^Retry/])
  await row.getByRole('button', { name: `Retry ${kind}` }).click()
  // Pending again; the server has no handler for this kind, so it fails again and is retried by itself.
  await expect(row.getByRole('button')).toHaveCount(0)
  await expect(row.getByRole('cell').last()).toHaveText(/^Next try at /)
  expect((await db.kysely.selectFrom('jobs').select('status').where('id', '=', kind).executeTakeFirstOrThrow()).status).toBe('pending')
})
