import type { APIRequestContext } from '@playwright/test'
import { createProduct } from '../src/server/features/products/products.queries.ts'
import type { Db } from '../src/server/db/connect.ts'
import { formatDate } from '../src/shared/format.ts'
import { academyInput } from './academy-places.ts'
import { BASE_URL, daysFromToday, expect, openInApp, showLeagues, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * Prices shown before they are charged (issue 30): the home card and the academy list give the
 * early-bird price with its last day; the sign-up page shows each child's amount, the family
 * discount, the payment plan's parts and what is due at sign-up before Sign Up is pressed; and
 * the order reached from the answer asks exactly that, paid at the front desk.
 */

const EARLY_UNTIL = daysFromToday(5)
const FIRST_PART = daysFromToday(45)
// Both parts before the academy's last session (day 53 at the earliest): a later part falls due on it.
const SECOND_PART = daysFromToday(50)

async function academyFee(db: Db, byId: string): Promise<string> {
  const product = await createProduct(
    db,
    {
      name: `Skills fee ${uniqueToken()}`,
      purpose: 'academy-fee',
      listPriceCents: 18_000,
      earlyBirdPriceCents: 15_000,
      earlyBirdUntil: EARLY_UNTIL,
      familyDiscountPercent: 10,
      planDepositCents: 5000,
      planDueDates: `${FIRST_PART},${SECOND_PART}`,
      sizes: null,
      lateSignUpPrice: 'full',
      isActive: true,
    },
    { by: byId, now: new Date() },
  )
  return product.id
}

async function childWithWaiver(request: APIRequestContext, firstName: string, signedName: string): Promise<void> {
  const headers = { origin: BASE_URL }
  const child = await request.post('/api/children', {
    headers,
    data: { firstName, lastName: 'Rivera', dateOfBirth: `${Number(daysFromToday(30).slice(0, 4)) - 9}-01-15`, emergencyContactName: 'Jordan Rivera', emergencyContactPhone: '555-010-4242', notes: '' },
  })
  expect(child.status()).toBe(201)
  const { child: made } = (await child.json()) as { child: { id: string } }
  const signed = await request.post('/api/waiver/signatures', { headers, data: { signedName, agree: 'yes', childId: made.id } })
  expect(signed.status()).toBe(201)
}

test('the home card gives a league’s early-bird price and its last day', async ({ asVisitor: page }) => {
  await showLeagues(page, [
    {
      id: 'early-soccer',
      name: 'Spring Soccer',
      sport: 'soccer',
      kind: 'individual',
      description: null,
      registrationDate: daysFromToday(-1),
      startDate: daysFromToday(30),
      endDate: daysFromToday(90),
      registrationDeadline: null,
      priceCents: 6500,
      earlyBirdPriceCents: 5500,
      earlyBirdUntil: EARLY_UNTIL,
    },
  ])
  await page.goto('/')
  const card = page.getByRole('article', { name: 'Soccer' })
  await expect(card.getByText(`$55.00 through ${formatDate(EARLY_UNTIL)} (early bird), then $65.00`)).toBeVisible()
})

test('a family sees the early-bird price, the family discount and the plan before pressing Sign Up, and the order asks the same', async ({ asVisitor: page, createUser, insertAcademy, backend }) => {
  const parent = await createUser({ label: 'prices' })
  const name = `Priced Skills ${uniqueToken()}`
  const id = await insertAcademy({ ...academyInput(name), priceProductId: await academyFee(backend.db, parent.id) })

  await page.goto('/academy')
  const card = page.getByRole('article', { name })
  await expect(card.getByText(`$150.00 through ${formatDate(EARLY_UNTIL)} (early bird), then $180.00`)).toBeVisible()

  await signIn(page.request, parent)
  await childWithWaiver(page.request, 'Maya', parent.displayName)
  await childWithWaiver(page.request, 'Leo', parent.displayName)
  await openInApp(page, `/academySignUp/${id}`)
  await expect(page.getByText(/You can cancel a place from your account page until the first session/)).toBeVisible()
  await page.getByRole('checkbox', { name: 'Maya Rivera' }).check()
  await page.getByRole('checkbox', { name: 'Leo Rivera' }).check()

  const price = page.locator('#academy-sign-up-price')
  // In the order the children are listed, as they are sent: the second takes the family discount.
  await expect(price.getByText('Leo: $150.00')).toBeVisible()
  await expect(price.getByText('Maya: $135.00 ($15.00 family discount off $150.00)')).toBeVisible()
  await expect(price.getByText(`Payment plan: $50.00 at sign-up, then $50.00 on ${formatDate(FIRST_PART)} and $50.00 on ${formatDate(SECOND_PART)}.`)).toBeVisible()
  await expect(price.getByText(`Payment plan: $50.00 at sign-up, then $42.50 on ${formatDate(FIRST_PART)} and $42.50 on ${formatDate(SECOND_PART)}.`)).toBeVisible()
  await expect(price.getByText('In all: $285.00, $100.00 of it due at sign-up, paid at the front desk.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign up' })).toHaveAccessibleDescription(/In all: \$285\.00/)

  for (const child of ['Maya', 'Leo']) {
    await page.getByRole('region', { name: `${child} Rivera` }).getByLabel(`No photos of ${child}, please`).check()
  }
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { name: 'You are signed up' })).toBeVisible()

  await page.getByRole('link', { name: 'Review your order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  const totals = page.locator('.receipt-totals')
  await expect(totals.getByText('$285.00').first()).toBeVisible()
  await expect(page.getByText('Payment is taken at the front desk.')).toBeVisible()
})
