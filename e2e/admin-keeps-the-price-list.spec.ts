import { formatDate } from '../src/shared/format.ts'
import { daysFromToday, expect, openInApp, test, uniqueToken } from './fixtures.ts'

/*
 * The price list (issue 24): an admin adds a product with an early-bird price, changes its price,
 * reads who changed what when, and takes it off the list; a league's price is on the list too.
 */

test('an admin adds a product with an early-bird price, changes it, reads its changes and takes it off the list', async ({ asAdmin: page, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Priced League ${token}`
  await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', priceCents: 4500 })
  const name = `Spring Soccer fee ${token}`
  const lastDay = daysFromToday(14)

  await openInApp(page, '/admin/products')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products and Prices')
  const leagueRow = page.getByRole('row', { name: new RegExp(leagueName) })
  await expect(leagueRow).toContainText(`League ${leagueName}`)
  await expect(leagueRow).toContainText('$45.00')

  await page.getByRole('button', { name: 'New product' }).click()
  await expect(page.getByRole('heading', { name: 'New product' })).toBeFocused()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('For').selectOption('League player fee')
  await page.getByLabel('Price (dollars)', { exact: true }).fill('60')
  await page.getByLabel('Early-bird price (dollars)').fill('65')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByText('The early-bird price must be below the price.')).toBeVisible()
  await page.getByLabel('Early-bird price (dollars)').fill('50')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByText('Give the last day of the early-bird price.')).toBeVisible()
  await page.getByLabel('Early-bird price until').fill(lastDay)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(`Added ${name} to the price list.`)

  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('League player fee')
  await expect(row).toContainText('$60.00')
  await expect(row).toContainText(/Early-bird \$50\.00 until \d+\/\d+\/\d{4}/)
  await expect(row).toContainText('Not used yet')

  await row.getByRole('button', { name: `Edit ${name}` }).click()
  await page.getByLabel('Price (dollars)', { exact: true }).fill('65')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(`Saved ${name}.`)
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeFocused()
  await row.getByText('2 changes').click()
  const changes = row.getByRole('listitem')
  await expect(changes).toHaveCount(2)
  await expect(changes.first()).toContainText(`${name}: $65.00, early-bird $50.00`)
  await expect(changes.last()).toContainText(`${name}: $60.00`)

  await row.getByRole('button', { name: `Take off the list ${name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'off the price list' })).toHaveText(`${name} is off the price list.`)
  await expect(row).toContainText('Off')
})

test('an admin adds a player fee with an early-bird price and prices a new league with it', async ({ asAdmin: page }) => {
  const token = uniqueToken()
  const feeName = `Fall fee ${token}`
  const leagueName = `Fall Soccer ${token}`
  await openInApp(page, '/admin/products')
  await page.getByRole('button', { name: 'New product' }).click()
  await page.getByLabel('Name').fill(feeName)
  await page.getByLabel('Price (dollars)', { exact: true }).fill('70')
  await page.getByLabel('Early-bird price (dollars)').fill('55')
  await page.getByLabel('Early-bird price until').fill(daysFromToday(5))
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toBeVisible()

  await page.goto('/leagues')
  await page.getByRole('button', { name: 'New league' }).click()
  const form = page.getByRole('region', { name: 'New league' })
  await form.getByLabel('Name').fill(leagueName)
  await form.getByLabel('Registration date').fill(daysFromToday(-5))
  await form.getByLabel('Start date').fill(daysFromToday(10))
  await form.getByLabel('End date').fill(daysFromToday(60))
  await form.getByLabel('Price from the price list').selectOption({ label: `${feeName}: $70.00, early-bird $55.00 until ${formatDate(daysFromToday(5))}` })
  await expect(form.getByLabel('Price (dollars)')).toHaveCount(0)
  await expect(form.getByText(`People pay ${feeName}: $70.00, early-bird $55.00`)).toBeVisible()
  await form.getByRole('button', { name: 'Create league' }).click()
  await expect(page.getByRole('status')).toHaveText(`Created ${leagueName}; it is open for registration.`)
  await expect(page.getByRole('row').filter({ hasText: leagueName })).toContainText('$70.00')

  await page.goto('/admin/products')
  await expect(page.getByRole('row', { name: new RegExp(feeName) })).toContainText(`League ${leagueName}`)
})
