import { BASE_URL, daysFromToday, expect, signIn, test, uniqueToken } from './fixtures.ts'
import { tabTo, typeInto } from './keyboard.ts'

/*
 * Without a mail server nothing leaves the site (issue 21 §4): admins read every email it would
 * have sent on /outbox, as development mail catchers show them — found by address or subject,
 * opened beside the list, with its links.
 */

const FACILITY_NAME = 'Indoor Sports Center'

test('an admin finds the email a registration wrote and reads it, with its receipt link, by keyboard; a web address the customer typed stays text', async ({ asAdmin: page, createUser, insertLeague, playwright }) => {
  const leagueName = `Mail Soccer ${uniqueToken()}`
  const leagueId = await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', registrationDate: daysFromToday(-3), startDate: daysFromToday(14), endDate: daysFromToday(60), priceCents: 4500 })
  const customer = await createUser({ label: 'mail-reader', displayName: `Pay at https://evil.example/pay ${uniqueToken()}` })
  const api = await playwright.request.newContext()
  try {
    await signIn(api, customer)
    const headers = { origin: BASE_URL }
    expect((await api.post(`${BASE_URL}/api/waiver/signatures`, { headers, data: { signedName: customer.displayName, agree: 'yes' } })).ok()).toBe(true)
    expect((await api.post(`${BASE_URL}/api/leagues/${leagueId}/registrations`, { headers, data: {} })).status()).toBe(201)
  } finally {
    await api.dispose()
  }

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/outbox')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Emails')
    await expect(page.getByText('Email is not set up on this site, so nothing leaves it')).toBeVisible()
    await typeInto(page, page.getByLabel('Search by address or subject'), customer.email)
    await expect(page.getByText('Showing 1–1 of 1 emails.')).toBeVisible()
    await expect(page.getByText('Choose an email to read it.')).toBeVisible()

    const item = page.getByRole('list', { name: 'Emails' }).getByRole('button', { name: new RegExp(`Registration confirmed: ${leagueName}`) })
    await tabTo(page, item)
    await page.keyboard.press('Enter')
    const reader = page.getByRole('article', { name: `Registration confirmed: ${leagueName}` })
    await expect(reader.getByRole('heading', { level: 2 })).toBeFocused()
    await expect(reader.getByRole('definition')).toContainText([FACILITY_NAME, customer.email])
    const receipt = reader.getByRole('link', { name: /\/receipt\/user\// })
    await expect(receipt).toHaveAttribute('href', new RegExp(`/receipt/user/${customer.id}/league/${leagueId}/registration/`))
    await tabTo(page, receipt)
    // The name the customer typed is in the email, as text: the site links only what it wrote.
    await expect(reader.getByText(`Hi ${customer.displayName},`)).toBeVisible()
    await expect(reader.getByRole('link')).toHaveCount(1)
    // The whole email fits its column: nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  }

  await page.getByLabel('Search by address or subject').fill(`nobody-${uniqueToken()}@example.com`)
  await expect(page.getByText(/^No email matches/)).toBeVisible()
})
