import { insertDropIn, type NewDropIn } from '../src/server/features/drop-ins/drop-ins.queries.ts'
import { formatDate } from '../src/shared/format.ts'
import { academyInput } from './academy-places.ts'
import { daysFromToday, expect, openInApp, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * Drop-in sessions (issue 31 §2): an adult finds an open-play session beside the academies, buys
 * one place for themselves, owes the price at the front desk and opens the receipt — on a phone
 * and on a desktop; at the door, an employee sells a walk-in a place for today's session, checks
 * them in, and the headcount goes up; an admin sells one session of an academy on its own.
 */

function openGym(name: string, overrides: Partial<NewDropIn> = {}): NewDropIn {
  return {
    name,
    sport: 'basketball',
    location: 'Court 1',
    isActive: true,
    forChildren: false,
    date: daysFromToday(10),
    startTime: '10:00',
    endTime: '12:00',
    registrationDate: daysFromToday(-1),
    capacity: 20,
    priceCents: 1_200,
    waiverRequired: false,
    ...overrides,
  }
}

for (const width of [390, 1280]) {
  test(`an adult finds a drop-in session beside the academies, buys a place for themselves and opens the receipt, ${width} px wide`, async ({ asVisitor: page, backend, createUser }) => {
    await page.setViewportSize({ width, height: 900 })
    const name = `Open Gym ${uniqueToken()}`
    const dropInId = await insertDropIn(backend.db, openGym(name))
    const player = await createUser({ label: 'drop-in-adult' })
    await signIn(page.request, player)

    // Where people look for something beside the leagues: the Academies page shows the session.
    await openInApp(page, '/academy')
    const card = page.getByRole('article', { name })
    await expect(card).toContainText('Adults')
    await expect(card).toContainText('10:00 AM – 12:00 PM')
    await expect(card).toContainText('20 places left')
    await card.getByRole('link', { name: new RegExp(`^Sign Up: ${name}`) }).click()

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drop-in Sign Up')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(name)
    // The only one who could take part is ticked already.
    await expect(page.getByRole('checkbox', { name: 'Yourself' })).toBeChecked()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('alert')).toHaveText('Choose a photo option for everyone taking part.')
    await page.getByRole('radio', { name: 'No photos of me, please' }).check()
    await expect(page.getByText('In all: $12.00, paid at the front desk.')).toBeVisible()
    if (width === 390) await page.screenshot({ path: 'test-results/drop-in-sign-up-390.png', fullPage: true })
    await page.getByRole('button', { name: 'Sign up' }).click()

    await expect(page.getByRole('heading', { name: 'You are signed up' })).toBeFocused()
    await expect(page.getByText('You — Confirmed')).toBeVisible()
    await expect(page.getByText('Pay at the front desk before the session.')).toBeVisible()
    // The answer's three buttons stand apart, side by side or one under another: none touches the next.
    const buttons = [page.getByRole('link', { name: 'Review your order' }), page.getByRole('link', { name: 'View receipt' }), page.getByRole('link', { name: 'Back to drop-in sessions' })]
    const boxes = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!))
    for (const [n, box] of boxes.entries()) {
      for (const other of boxes.slice(n + 1)) {
        const apart = Math.max(other.x - (box.x + box.width), box.x - (other.x + other.width), other.y - (box.y + box.height), box.y - (other.y + other.height))
        expect(apart, `space between the buttons at ${width} px`).toBeGreaterThanOrEqual(4)
      }
    }
    await page.getByRole('link', { name: 'View receipt' }).click()

    await expect(page).toHaveURL(new RegExp(`/dropInReceipt/user/${player.id}/dropIn/${dropInId}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drop-in Receipt')
    const receipt = page.getByRole('article', { name: `Receipt for ${name}` })
    await expect(receipt.getByRole('row', { name: /Confirmed \$12\.00 \$0\.00 \$12\.00/ })).toBeVisible()
    await expect(receipt).toContainText('Court 1')
    // One day is one date: not "11/28/2026 – 11/28/2026".
    const day = formatDate(daysFromToday(10))
    await expect(receipt.getByRole('definition').filter({ hasText: name })).toContainText(day)
    await expect(receipt).not.toContainText(`${day} – ${day}`)
    await expect(receipt.locator('.receipt-totals')).toContainText('$12.00')
  })
}

test('at the desk an employee sells a customer a drop-in session from their record, as the door page says', async ({ asEmployee: page, backend, createUser }) => {
  const name = `Open Gym Desk ${uniqueToken()}`
  await insertDropIn(backend.db, openGym(name, { priceCents: 1_500 }))
  const customer = await createUser({ label: 'drop-in-record' })

  await openInApp(page, `/desk/customer/${customer.id}`)
  await page.getByLabel('Register for', { exact: true }).selectOption({ label: 'A drop-in session' })
  const session = page.getByLabel('Drop-in', { exact: true })
  await session.selectOption((await session.locator('option', { hasText: name }).getAttribute('value'))!)
  await page.getByRole('checkbox', { name: `${customer.displayName} (themself)` }).check()
  await page.getByRole('radio', { name: 'No photos, please' }).check()
  await page.getByRole('button', { name: 'Sign up for the session' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Signed up for' })).toContainText(`Signed up for ${name}: ${customer.displayName} (confirmed). $15.00 to pay: take the payment below.`)
  await expect(page.getByRole('table', { name: 'Registrations and team places' }).getByRole('rowheader', { name: new RegExp(name) })).toHaveText(`${name} (Drop-in)`)
})

test('at the door an employee sells a walk-in a place for today’s session and checks them in: the headcount goes up', async ({ asEmployee: page, backend, createUser }) => {
  const name = `Open Gym Today ${uniqueToken()}`
  await insertDropIn(backend.db, openGym(name, { date: daysFromToday(0), startTime: '23:00', endTime: '23:59', priceCents: 1_000 }))
  const walkIn = await createUser({ label: 'drop-in-walk-in' })

  await openInApp(page, '/desk')
  await page.getByRole('link', { name: /Drop-ins at the door/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drop-ins at the Door')
  await page.getByRole('list', { name: 'Today’s sessions' }).getByRole('button', { name: new RegExp(`^${name}`) }).click()
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'checked in' })).toHaveText('0 of 20 checked in')
  await expect(page.getByText('Nobody has a place yet.')).toBeVisible()

  const sale = page.getByRole('region', { name: 'Sell a place at the door' })
  await sale.getByLabel('Find the customer: name, email, phone or a child’s name').fill(walkIn.displayName)
  await sale.getByRole('button', { name: walkIn.displayName }).click()
  await expect(sale.getByLabel('Drop-in', { exact: true })).toHaveValue(/.+/)
  await sale.getByRole('checkbox', { name: `${walkIn.displayName} (themself)` }).check()
  await sale.getByRole('radio', { name: 'No photos, please' }).check()
  await sale.getByRole('button', { name: 'Sign up for the session' }).click()
  await expect(sale.getByRole('status').filter({ hasText: 'Signed up for' })).toContainText(`Signed up for ${name}: ${walkIn.displayName} (confirmed). $10.00 to pay`)

  // The row says the state in words and the button what pressing it does: nobody reads "Checked in" before they are.
  const row = page.getByRole('row', { name: new RegExp(walkIn.displayName) })
  await expect(row).toContainText('Not checked in')
  await page.getByRole('button', { name: `Check in ${walkIn.displayName}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'checked in' })).toHaveText('1 of 20 checked in')
  await expect(row).not.toContainText('Not checked in')
  await expect(row).toContainText('Checked in')
  // Unpaid, they are asked for it at the door: what is due, and the place's payment form a press away.
  await expect(row).toContainText('$10.00 due')
  await expect(row).toContainText('Their own')
  await row.getByRole('button', { name: `Take payment from ${walkIn.displayName}` }).click()
  await expect(page.getByLabel('Amount (dollars)')).toHaveValue('10.00')
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'checked in' })).toHaveText('1 of 20 checked in')
  await expect(page.getByRole('button', { name: `Undo check-in ${walkIn.displayName}` })).toBeVisible()
})

test('an admin sells one session of an academy as a drop-in: the form offers the academy’s session dates and takes its hours', async ({ asAdmin: page, insertAcademy }) => {
  const academy = academyInput(`Skills Academy ${uniqueToken()}`)
  await insertAcademy(academy)

  await openInApp(page, '/dropInSessions')
  await page.getByRole('button', { name: 'New drop-in session' }).click()
  await expect(page.getByRole('heading', { name: 'New drop-in session' })).toBeFocused()
  await page.getByLabel('Session of the academy').selectOption({ label: academy.name })
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${academy.name}: drop-in`)
  await expect(page.getByLabel('Start time')).toHaveValue('18:00')
  await page.getByLabel('Date', { exact: true }).selectOption({ label: formatDate(academy.startDate) })
  await page.getByLabel('On sale from').fill(daysFromToday(0))
  await page.getByLabel('Price (dollars)').fill('25')
  await page.getByLabel('Capacity').fill('4')
  await page.getByRole('button', { name: 'Create drop-in session' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Created' })).toHaveText(`Created ${academy.name}: drop-in; it is open for registration.`)
  const row = page.getByRole('row', { name: new RegExp(`${academy.name}: drop-in Session of ${academy.name}`) })
  await expect(row).toContainText(formatDate(academy.startDate))
  await expect(row).toContainText('0 / 4 places')
})
