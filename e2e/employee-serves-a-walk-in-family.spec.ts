import { academyInput, nineYearOldBorn } from './academy-places.ts'
import { BASE_URL, expect, openInApp, test, uniqueToken } from './fixtures.ts'

/*
 * The desk sells everything a family can buy (issue 30 §2): a parent walks in with a child. The
 * employee makes the account, adds the child, records the waiver signed on the staff screen,
 * signs the child up for an academy, applies the family's code, sells a jersey in a size, and
 * takes the cash: the balance goes to $0, with no step on the parent's phone; the parent leaves
 * with a link (and its QR code) for their first password and a printed receipt.
 */
test('an employee serves a walk-in family with a child from the account to a paid academy place with a code and a jersey', async ({ asEmployee: page, sessions, playwright, insertAcademy }) => {
  const token = uniqueToken()
  const academyName = `Desk Academy ${token}`

  // The price list an admin keeps: the academy's fee, a jersey that goes with it, a code for the fee.
  const admin = await playwright.request.newContext({ baseURL: BASE_URL, storageState: (await sessions.get('admin')).storageState })
  const headers = { origin: BASE_URL }
  const product = async (data: object) => {
    const res = await admin.post('/api/admin/products', { headers, data })
    expect(res.status(), await res.text()).toBe(201)
    return ((await res.json()) as { product: { id: string } }).product.id
  }
  const fee = await product({ name: `Academy fee ${token}`, purpose: 'academy-fee', listPrice: '180', isActive: 'true' })
  await product({ name: `Jersey ${token}`, purpose: 'extra', listPrice: '25', sizes: 'YS, YM, YL', isActive: 'true', goesWith: [fee] })
  const code = `WALKIN${token.slice(-6).toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`
  const made = await admin.post('/api/admin/discount-codes', { headers, data: { code, percentOff: '10', isActive: 'true', productIds: [fee] } })
  expect(made.status(), await made.text()).toBe(201)
  await admin.dispose()
  await insertAcademy(academyInput(academyName, { priceCents: 18_000, priceProductId: fee }))

  // The account, made at the desk.
  await openInApp(page, '/desk')
  const parentName = `Pat Walkin ${token.slice(-4)}`
  await page.getByLabel('Display name').fill(parentName)
  await page.getByLabel('Email', { exact: true }).fill(`walk-in-${token}@example.com`)
  await page.getByLabel('Phone', { exact: true }).fill('555-010-4321')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { level: 2, name: parentName })).toBeVisible()
  // The parent's first password: a link to hand over, and its QR code for their phone.
  await expect(page.getByLabel('Link for the customer')).toHaveValue(/\/resetPassword\?token=[\w-]+&welcome=1$/)
  await expect(page.getByRole('img', { name: /^QR code of this link/ })).toBeVisible()

  // The child, added with the same form the parent has.
  await page.getByRole('button', { name: 'Add a child' }).click()
  await expect(page.getByLabel('First name')).toBeFocused()
  await page.getByLabel('First name').fill('Robin')
  await page.getByLabel('Last name').fill('Walkin')
  await page.getByLabel('Date of birth').fill(nineYearOldBorn)
  await page.getByLabel('Emergency contact name').fill('Sam Walkin')
  await page.getByLabel('Emergency contact phone').fill('555-010-8888')
  await page.getByLabel('Notes (allergies, medical)').fill('Peanut allergy')
  await page.getByRole('button', { name: 'Add child' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Robin Walkin is added.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit Robin Walkin' })).toBeFocused()

  // The waiver, signed by the parent on the staff screen for the child.
  await page.getByLabel('Signed for').selectOption({ label: 'Robin Walkin' })
  await page.getByLabel('Signature: the customer types their full name').fill(parentName)
  await page.getByLabel('The customer has read and agrees to this waiver').check()
  await page.getByRole('button', { name: 'Record the signature' }).click()
  await expect(page.getByText('Robin Walkin: signed')).toBeVisible()

  // The academy, on the same engine and order as online.
  await page.getByLabel('Register for', { exact: true }).selectOption('academy')
  await page.getByLabel('Academy', { exact: true }).selectOption({ label: `${academyName} (ages 8–10, $180.00)` })
  await page.getByRole('checkbox', { name: 'Robin Walkin' }).check()
  await page.getByRole('radio', { name: 'No photos, please' }).check()
  await page.getByRole('button', { name: 'Sign up for the academy' }).click()
  await expect(page.getByText(`Signed up for ${academyName}: Robin Walkin (confirmed). $180.00 to pay: take the payment below.`)).toBeVisible()

  // The family's code, then a jersey in a size, on the place's order.
  const row = page.getByRole('row').filter({ hasText: academyName })
  await row.getByRole('button', { name: /^Apply a code/ }).click()
  await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply the code' }).click()
  await expect(page.locator('#desk-order-outcome')).toHaveText(`${code} applied: $18.00 off. $162.00 to pay.`)
  await expect(page.locator('#desk-order-outcome')).toBeFocused()
  await row.getByRole('button', { name: /^Add an extra/ }).click()
  await page.getByLabel('Size').selectOption('YM')
  await page.getByRole('button', { name: 'Add the extra' }).click()
  await expect(page.locator('#desk-order-outcome')).toHaveText(`Jersey ${token}, size YM added. $187.00 to pay: take the payment from the place’s Payments and details.`)
  await expect(page.locator('.staff-facts').first()).toContainText('Balance$187.00')

  // The cash, through the place's payment form: the place, then the jersey on its order.
  await row.getByRole('button', { name: /^Payments and details/ }).click()
  await expect(page.getByLabel('Amount (dollars)')).toHaveValue('187.00')
  await page.getByLabel('Method').selectOption('cash')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByText('Nothing is due: the registration is paid in full.')).toBeVisible()
  await expect(page.locator('.staff-facts').first()).toContainText('Balance$0.00')

  // The receipt, to print for the parent: the place, the code and the jersey, all paid.
  await page.getByRole('link', { name: 'Open the receipt' }).click()
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible()
  await expect(page.getByText(`Jersey ${token}, size YM`)).toBeVisible()
  await expect(page.getByText(code)).toBeVisible()
})
