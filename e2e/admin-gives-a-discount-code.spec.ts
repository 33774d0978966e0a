import { expect, openInApp, test, uniqueToken } from './fixtures.ts'

/*
 * Discount codes (issue 24): an admin adds a code for one product of the price list, is told when
 * the form is wrong or the code exists in another letter case, reads it in the list, changes it
 * and takes it off.
 */

test('an admin adds a discount code for one product, changes it and takes it off', async ({ asAdmin: page, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Discounted League ${token}`
  await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', priceCents: 4500 })
  const code = `SPRING${token.replace(/[^A-Za-z0-9]/g, '').slice(-6).toUpperCase()}`

  await openInApp(page, '/admin/products')
  await expect(page.getByRole('heading', { name: 'Discount codes', level: 2 })).toBeVisible()
  await page.getByRole('button', { name: 'New discount code' }).click()
  await expect(page.getByRole('heading', { name: 'New discount code' })).toBeFocused()
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Add code' }).click()
  await expect(page.getByText('Give a percent off or an amount off.')).toBeVisible()
  await page.getByLabel('Amount off (dollars)').fill('5')
  await page.getByLabel('Percent off').fill('10')
  await page.getByRole('button', { name: 'Add code' }).click()
  await expect(page.getByText('Give a percent off or an amount off, not both.')).toBeVisible()
  await page.getByLabel('Amount off (dollars)').fill('')
  await page.getByRole('group', { name: 'Products' }).getByLabel(leagueName).check()
  await page.getByLabel('First day').fill('2027-01-05')
  await page.getByLabel('Last day').fill('2027-01-31')
  await page.getByLabel('Uses in all').fill('10')
  await page.getByLabel('Uses per person').fill('1')
  await page.getByRole('button', { name: 'Add code' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(`Added the discount code ${code}.`)

  const row = page.getByRole('region', { name: 'Discount codes' }).getByRole('row', { name: new RegExp(code) })
  await expect(row).toContainText('10%')
  await expect(row).toContainText(leagueName)
  await expect(row).toContainText('1/5/2027 – 1/31/2027')
  await expect(row).toContainText('0 of 10')

  // The same code in other letters is refused under its field.
  await page.getByRole('button', { name: 'New discount code' }).click()
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await page.getByLabel('Amount off (dollars)').fill('5')
  await page.getByRole('button', { name: 'Add code' }).click()
  await expect(page.getByText(`There is already a code ${code}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()

  await row.getByRole('button', { name: `Edit ${code}` }).click()
  await page.getByLabel('Percent off').fill('')
  await page.getByLabel('Amount off (dollars)').fill('7.5')
  await page.getByRole('group', { name: 'Products' }).getByLabel(leagueName).uncheck()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(`Saved ${code}.`)
  await expect(row.getByRole('button', { name: `Edit ${code}` })).toBeFocused()
  await expect(row).toContainText('$7.50')
  await expect(row).toContainText('Everything')

  await row.getByRole('button', { name: `Take off ${code}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'taken off' })).toHaveText(`${code} is taken off: checkout refuses it.`)
  await expect(row).toContainText('Off')
})
