import type { Page } from '@playwright/test'
import { insertCamp, type NewCamp } from '../src/server/features/camps/camps.queries.ts'
import { addDays } from '../src/shared/registration-window.ts'
import { daysFromToday, expect, openInApp, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * Signing children up for a camp (issue 31 §2): a parent finds the camp beside the academies,
 * adds two children who fit its ages (one too young is told why), gives what the coach needs to
 * know and chooses about photos, signs the waiver for each, presses once, owes the price at the
 * front desk, and opens one receipt for both — on a phone and on a desktop.
 */

const FIRST_DAY = daysFromToday(30)
/** Born `years` before the camp's first day, less a month: that age on the first day. */
const bornYearsBefore = (years: number) => `${Number(FIRST_DAY.slice(0, 4)) - years}-${FIRST_DAY.slice(5, 7)}-01`

function winterCamp(name: string): NewCamp {
  return {
    name,
    sport: 'soccer',
    coach: 'Coach Sam Reyes',
    location: 'Field 2',
    isActive: true,
    minAge: 6,
    maxAge: 10,
    startTime: '09:00',
    endTime: '15:00',
    registrationDate: daysFromToday(-1),
    startDate: FIRST_DAY,
    endDate: addDays(FIRST_DAY, 2),
    capacity: 20,
    priceCents: 15_000,
  }
}

async function addChild(page: Page, firstName: string, dateOfBirth: string, notes = ''): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a child' })
  const open = page.getByRole('button', { name: 'Add a child' })
  await expect(form.or(open)).toBeVisible()
  if (await open.isVisible()) await open.click()
  await form.getByLabel('First name').fill(firstName)
  await form.getByLabel('Last name').fill('Rivera')
  await form.getByLabel('Date of birth').fill(dateOfBirth)
  await form.getByLabel('Emergency contact name').fill('Jordan Rivera')
  await form.getByLabel('Emergency contact phone').fill('555-010-4242')
  await form.getByLabel('Notes (allergies, medical)').fill(notes)
  await form.getByRole('button', { name: 'Add child' }).click()
  await expect(page.getByRole('checkbox', { name: `${firstName} Rivera` })).toBeVisible()
}

for (const width of [390, 1280]) {
  test(`a parent finds a camp beside the academies, signs two children up in one press, owes the price and opens one receipt, ${width} px wide`, async ({ asVisitor: page, backend, createUser }) => {
    await page.setViewportSize({ width, height: 900 })
    const name = `Winter Break Camp ${uniqueToken()}`
    const campId = await insertCamp(backend.db, winterCamp(name))
    const parent = await createUser({ label: 'camp-parent' })
    await signIn(page.request, parent)

    // Where a family looks for something for their child: the Academies page shows the camp.
    await openInApp(page, '/academy')
    const card = page.getByRole('article', { name })
    await expect(card).toContainText('Ages 6–10')
    await expect(card).toContainText('9:00 AM – 3:00 PM each day')
    await card.getByRole('link', { name: `Sign Up: ${name}` }).click()

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camp Sign Up')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(name)
    await addChild(page, 'Maya', bornYearsBefore(8), 'Peanut allergy: EpiPen in her bag')
    await addChild(page, 'Leo', bornYearsBefore(7))
    await addChild(page, 'Pip', bornYearsBefore(4))

    await expect(page.getByRole('checkbox', { name: 'Pip Rivera' })).toBeDisabled()
    await expect(page.getByText(`Pip will be 4 when ${name} starts; this camp is for ages 6–10.`)).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Maya Rivera' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Leo Rivera' })).toBeChecked()
    const maya = page.getByRole('region', { name: 'Maya Rivera' })
    await expect(maya).toContainText('Peanut allergy: EpiPen in her bag')

    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('alert')).toHaveText('Choose a photo option for everyone taking part.')
    await maya.getByRole('radio', { name: /may take photos of Maya at camp/ }).check()
    await page.getByRole('region', { name: 'Leo Rivera' }).getByRole('radio', { name: 'No photos of Leo, please' }).check()
    // Once answered, the reminder goes: it is said again only if a press still finds something missing.
    await expect(page.getByText('Choose a photo option for everyone taking part.')).toHaveCount(0)
    for (const child of ['Maya Rivera', 'Leo Rivera']) {
      await page.getByLabel('Signing for').selectOption({ label: child })
      await page.getByLabel('Full name').fill(parent.displayName)
      await page.getByLabel('I have read and agree to this waiver').check()
      await page.getByRole('button', { name: `Sign for ${child}` }).click()
      await expect(page.getByRole('option', { name: child })).toHaveCount(0)
    }
    await expect(page.getByText('In all: $300.00, paid at the front desk.')).toBeVisible()
    if (width === 390) await page.screenshot({ path: 'test-results/camp-sign-up-390.png', fullPage: true })
    await page.getByRole('button', { name: 'Sign up' }).click()

    await expect(page.getByRole('heading', { name: 'You are signed up' })).toBeFocused()
    await expect(page.getByText('Maya Rivera — Confirmed')).toBeVisible()
    await expect(page.getByText('Leo Rivera — Confirmed')).toBeVisible()
    await expect(page.getByText('Pay at the front desk before the first day.')).toBeVisible()
    await page.getByRole('link', { name: 'View receipt' }).click()

    await expect(page).toHaveURL(new RegExp(`/campReceipt/user/${parent.id}/camp/${campId}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camp Receipt')
    const receipt = page.getByRole('article', { name: `Receipt for ${name}` })
    await expect(receipt.getByRole('row', { name: /Maya Rivera .* Confirmed \$150\.00 \$0\.00 \$150\.00/ })).toBeVisible()
    await expect(receipt.getByRole('row', { name: /Leo Rivera .* Confirmed/ })).toBeVisible()
    await expect(receipt).toContainText('3 days')
    await expect(receipt).toContainText('Coach Sam Reyes')
    await expect(receipt.locator('.receipt-totals')).toContainText('$300.00')
    await expect(receipt).not.toContainText('Peanut')
  })
}
