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
