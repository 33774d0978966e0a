import { expectNoSeriousViolations } from './axe.ts'
import { BASE_URL, expect, openInApp, test, uniqueToken } from './fixtures.ts'

/*
 * A walk-in's first password (issue 30 §2): the site sends no email here, so the desk shows the
 * one-time link in a field to copy and as a QR code; the customer opens it on their phone,
 * chooses a password and is signed in on their account page.
 */

const LINK_PANEL = 'section[aria-labelledby="desk-password"]'

test('an employee adds a walk-in and hands over the link; the customer chooses their first password on their phone and is signed in', async ({ asEmployee: page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
  const token = uniqueToken()
  const name = `Wren Walkin ${token.slice(-4)}`
  const email = `first-password-${token}@example.com`

  await openInApp(page, '/desk')
  await page.getByLabel('Display name').fill(name)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Phone', { exact: true }).fill('555-010-8181')
  await page.getByRole('button', { name: 'Add customer' }).click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  await expect(page.getByText(`${name}’s account is made. Hand them the link below, or let them scan its QR code, to choose their password.`)).toBeVisible()

  // The link leads to the address the desk is on, in a field to read and copy.
  const panel = page.locator(LINK_PANEL)
  const field = panel.getByLabel('Link for the customer')
  await expect(field).toHaveValue(new RegExp(`^${BASE_URL.replace(/[.]/g, '\\.')}/resetPassword\\?token=[\\w-]+&welcome=1$`))
  const link = await field.inputValue()
  await expect(panel.getByRole('button', { name: 'Show a link' })).toBeVisible()
  await expect(panel).not.toContainText(/\b(sent|emailed)\b/)
  await panel.getByRole('button', { name: 'Copy link' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  const qr = panel.getByRole('img', { name: /^QR code of this link/ })
  await expect(qr).toBeVisible()
  expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg')

  // The customer's phone: a browser of its own.
  const phone = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } })
  const customer = await phone.newPage()
  await openInApp(customer, link)
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Choose your password')
  await expect(customer.getByText(/^Welcome to .+: choose a password to finish your account\.$/)).toBeVisible()
  await expectNoSeriousViolations(customer)
  await customer.getByLabel('New password', { exact: true }).fill('wren-first-secret')
  await customer.getByLabel('Confirm new password').fill('wren-first-secret')
  await customer.getByRole('button', { name: 'Save Password and Sign In' }).click()
  await expect(customer).toHaveURL(`${BASE_URL}/account`)
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Account')
  await expect(customer.getByText('Your password is set and you are signed in.', { exact: false })).toBeVisible()
  // Signed in for real: the server renders the account page for them.
  await customer.reload()
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Account')
  await expect(customer.getByText(email).first()).toBeVisible()

  // The link works once.
  const again = await phone.newPage()
  await openInApp(again, link)
  await again.getByLabel('New password', { exact: true }).fill('someone-else-secret')
  await again.getByLabel('Confirm new password').fill('someone-else-secret')
  await again.getByRole('button', { name: 'Save Password and Sign In' }).click()
  await expect(again.getByText('This link has expired or was already used.', { exact: false })).toBeVisible()
  await phone.close()
})

test('where copying is not allowed, Copy link selects the link to copy by hand', async ({ asEmployee: page, createUser }) => {
  const customer = await createUser({ label: 'desk-no-clipboard' })
  await openInApp(page, `/desk/customer/${customer.id}`)
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }))
  const panel = page.locator(LINK_PANEL)
  await panel.getByRole('button', { name: 'Show a link' }).click()
  const field = panel.getByLabel('Link for the customer')
  await expect(field).toHaveValue(/\/resetPassword\?token=[\w-]+$/)
  await panel.getByRole('button', { name: 'Copy link' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'the link is selected' })).toBeVisible()
  await expect(field).toBeFocused()
  expect(await field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0))).toBe(await field.inputValue())
})

for (const width of [1280, 375]) {
  test(`the desk's link panel with a link shown passes axe, ${width} px wide`, async ({ asEmployee: page, createUser }) => {
    await page.setViewportSize({ width, height: 900 })
    const customer = await createUser({ label: 'axe-desk-link' })
    await openInApp(page, `/desk/customer/${customer.id}`)
    await page.locator(LINK_PANEL).getByRole('button', { name: 'Show a link' }).click()
    await expect(page.getByRole('img', { name: /^QR code of this link/ })).toBeVisible()
    const qrBox = await page.getByRole('img', { name: /^QR code of this link/ }).boundingBox()
    expect(qrBox!.x + qrBox!.width).toBeLessThanOrEqual(width)
    await expectNoSeriousViolations(page, { within: LINK_PANEL })
  })
}
