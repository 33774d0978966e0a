import { addChild } from '../src/server/core/children.queries.ts'
import { boolParam } from '../src/server/db/values.ts'
import { formatDate } from '../src/shared/format.ts'
import { createDiscountCode } from '../src/server/features/products/discount-codes.queries.ts'
import { createProduct } from '../src/server/features/products/products.queries.ts'
import { academyInput, nineYearOldBorn } from './academy-places.ts'
import { daysFromToday, expect, FAKE_STRIPE_URL, openInApp, signIn, STRIPE_SITE_URL, test, uniqueToken } from './fixtures.ts'
import { FAKE_STRIPE_SECRET_KEY } from '../tests/fake-stripe.ts'

/*
 * Paying online (issue 24), on the site that takes payment with Stripe Checkout — here the fake
 * Stripe of tests/fake-stripe.ts and its stand-in for Stripe's hosted page. A family signs two
 * children up for an academy paid at sign-up (the second with the family discount), enters a
 * discount code, pays and reads the receipt; a payment page left unpaid until it expires gives the
 * place to the next person; a place under a payment plan pays its deposit, then sees its next part;
 * a jersey in a size is added at checkout and paid with the place.
 */
test.use({ siteUrl: STRIPE_SITE_URL })

const child = (firstName: string) => ({ firstName, lastName: 'Rivera', dateOfBirth: nineYearOldBorn, emergencyContactName: 'Alex Rivera', emergencyContactPhone: '+15550109999', notes: null })

test('a parent signs two children up, the second with the family discount, enters a discount code, pays on the payment page and reads the receipt', async ({ asVisitor: page, backend, createUser, insertAcademy }) => {
  const parent = await createUser({ label: 'parent' })
  const name = `Paid Academy ${uniqueToken()}`
  const id = await insertAcademy(academyInput(name, { startDate: daysFromToday(30), endDate: daysFromToday(57), waiverRequired: false }))
  await backend.db.kysely.updateTable('academies').set({ payAtSignUp: boolParam(backend.db.dialect, true) }).where('id', '=', id).execute()
  await backend.db.kysely
    .updateTable('products')
    .set({ familyDiscountPercent: 10 })
    .where('id', '=', (eb) => eb.selectFrom('offerings').select('productId').where('academyId', '=', id).$narrowType<{ productId: string }>())
    .execute()
  const code = `FAMILY-${uniqueToken().toUpperCase()}`
  const made = await createDiscountCode(
    backend.db,
    { code, description: null, percentOff: 10, amountOffCents: null, validFrom: null, validUntil: null, maxUses: 10, maxUsesPerPerson: 1, isActive: true },
    { by: parent.id, now: new Date() },
  )
  expect(made).not.toBe('taken')
  for (const firstName of ['Maya', 'Leo']) await addChild(backend.db, parent.id, child(firstName), new Date())
  await signIn(page.request, parent)

  await openInApp(page, `/academySignUp/${id}`)
  for (const firstName of ['Maya', 'Leo']) {
    await page.getByRole('checkbox', { name: `${firstName} Rivera` }).check()
    await page.getByRole('region', { name: `${firstName} Rivera` }).getByRole('radio', { name: `No photos of ${firstName}, please` }).check()
  }
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('Maya Rivera — Held for payment')).toBeVisible()
  await expect(page.getByText('Your places are held while you pay: pay now to keep them.')).toBeVisible()
  await page.getByRole('link', { name: 'Pay online' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout')
  await expect(page.getByText(/Your places are held until/)).toBeVisible()
  await page.getByRole('textbox', { name: 'Discount code' }).fill('nope')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('There is no discount code NOPE.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('definition').filter({ hasText: '−$18.00' })).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'Family discount' })).toBeVisible()
  await expect(page.getByText(`${code} applied: $34.20 off.`)).toBeVisible()
  await page.getByRole('button', { name: 'Pay $307.80 now' }).click()

  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 10_000 })
  await expect(page.getByText('$307.80 paid with Visa ending 4242.')).toBeVisible()
  await page.getByRole('link', { name: 'See your receipt' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academy Receipt')
  const receipt = page.getByRole('article', { name: `Receipt for ${name}` })
  await expect(receipt.getByRole('row', { name: /Maya Rivera .* Confirmed/ })).toBeVisible()
  await expect(receipt.getByRole('row', { name: /Leo Rivera .* Confirmed/ })).toBeVisible()
  await expect(receipt).toContainText('$307.80')
  await expect(receipt).toContainText('Family discount')
})

test('a place under a payment plan pays its deposit online, and the account shows the next part', async ({ asVisitor: page, backend, createUser, insertAcademy }) => {
  const name = `Plan Class ${uniqueToken()}`
  const id = await insertAcademy(academyInput(name, { forChildren: false, minAge: null, maxAge: null, waiverRequired: false, startDate: daysFromToday(30), endDate: daysFromToday(57) }))
  const [firstPart, secondPart] = [daysFromToday(20), daysFromToday(40)]
  await backend.db.kysely
    .updateTable('products')
    .set({ planDepositCents: 6000, planDueDates: `${firstPart},${secondPart}` })
    .where('id', '=', (eb) => eb.selectFrom('offerings').select('productId').where('academyId', '=', id).$narrowType<{ productId: string }>())
    .execute()
  const customer = await createUser({ label: 'plan' })
  await signIn(page.request, customer)
  const taken = await page.request.post(`/api/academies/${id}/registrations`, { headers: { origin: STRIPE_SITE_URL }, data: { participants: [{ childId: null, photoConsent: false }] } })
  const { orderId } = ((await taken.json()) as { registrations: { orderId: string }[] }).registrations[0]!

  await openInApp(page, `/checkout/${orderId}`)
  const plan = page.getByRole('list', { name: `Payment plan for ${name}` })
  await expect(plan.getByRole('listitem')).toHaveText(['Deposit $60.00: due now', `$60.00 due ${formatDate(firstPart)}: not due yet`, `$60.00 due ${formatDate(secondPart)}: not due yet`])
  await expect(page.getByRole('button', { name: 'Pay all $180.00 now' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay $60.00 now' }).click()
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 10_000 })

  await openInApp(page, '/account')
  const card = page.getByRole('article', { name })
  await expect(card.getByRole('definition').filter({ hasText: 'Next:' })).toHaveText(`Next: $60.00 due ${formatDate(firstPart)}`)
})

test('a payment page left unpaid until it expires releases the held place to the next person on the waitlist', async ({ asVisitor: page, backend, createUser, insertAcademy }) => {
  const id = await insertAcademy(
    academyInput(`Adult Paid Class ${uniqueToken()}`, { forChildren: false, minAge: null, maxAge: null, capacity: 1, startDate: daysFromToday(30), endDate: daysFromToday(57), waiverRequired: false }),
  )
  await backend.db.kysely.updateTable('academies').set({ payAtSignUp: boolParam(backend.db.dialect, true) }).where('id', '=', id).execute()
  const payer = await createUser({ label: 'payer' })
  const next = await createUser({ label: 'next' })
  await signIn(page.request, payer)
  await openInApp(page, `/academySignUp/${id}`)
  await page.getByRole('checkbox', { name: 'Yourself' }).check()
  await page.getByRole('radio', { name: 'No photos of me, please' }).check()
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('You — Held for payment')).toBeVisible()

  const waiting = await page.context().browser()!.newContext({ baseURL: STRIPE_SITE_URL })
  await signIn(waiting.request, next)
  const joined = await waiting.request.post(`/api/academies/${id}/registrations`, { headers: { origin: STRIPE_SITE_URL }, data: { participants: [{ childId: null, photoConsent: false }] } })
  expect(joined.status()).toBe(201)
  const nextPlace = ((await joined.json()) as { registrations: { id: string; status: string }[] }).registrations[0]!
  expect(nextPlace.status).toBe('waitlisted')
  await waiting.close()

  await page.getByRole('link', { name: 'Pay online' }).click()
  await page.getByRole('button', { name: 'Pay $180.00 now' }).click()
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible()
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!
  // The payer leaves the payment page, and comes back to it: the same page is offered again.
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout')
  await page.getByRole('button', { name: 'Pay $180.00 now' }).click()
  await expect(page).toHaveURL(new RegExp(`/pay/${sessionId}$`))

  // Thirty minutes pass: Stripe expires the session and says so.
  const expired = await fetch(`${FAKE_STRIPE_URL}/v1/checkout/sessions/${sessionId}/expire`, { method: 'POST', headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}` } })
  expect(expired.status).toBe(200)
  await expect
    .poll(async () => (await backend.db.kysely.selectFrom('registrations').select('status').where('id', '=', nextPlace.id).executeTakeFirstOrThrow()).status, { timeout: 10_000 })
    .toBe('offered')
  await page.reload()
  await expect(page.getByText('This checkout session has expired.')).toBeVisible()
})

test('an admin refunds part of an online payment from the customer’s record and lowers the price; pending until Stripe confirms it, and the receipt and the family’s email agree', async ({ backend, browser, createUser, insertAcademy, sessions }) => {
  const name = `Refunded Class ${uniqueToken()}`
  const id = await insertAcademy(academyInput(name, { forChildren: false, minAge: null, maxAge: null, waiverRequired: false, startDate: daysFromToday(30), endDate: daysFromToday(57) }))
  const customer = await createUser({ label: 'refunded' })
  const family = await browser.newContext({ baseURL: STRIPE_SITE_URL })
  await signIn(family.request, customer)
  const fromSite = { headers: { origin: STRIPE_SITE_URL } }
  const taken = await family.request.post(`/api/academies/${id}/registrations`, { ...fromSite, data: { participants: [{ childId: null, photoConsent: false }] } })
  const { orderId } = ((await taken.json()) as { registrations: { orderId: string }[] }).registrations[0]!
  const opened = await family.request.post(`/api/orders/${orderId}/checkout`, { ...fromSite, data: {} })
  const { url, checkoutId } = (await opened.json()) as { url: string; checkoutId: string }
  expect((await family.request.post(`${url}/pay`, { maxRedirects: 0 })).status()).toBe(303)
  await expect.poll(async () => ((await (await family.request.get(`/api/checkouts/${checkoutId}`)).json()) as { checkout: { status: string } }).checkout.status).toBe('paid')
  await family.close()

  const staff = await browser.newContext({ baseURL: STRIPE_SITE_URL, storageState: (await sessions.get('admin')).storageState })
  const page = await staff.newPage()
  await openInApp(page, `/desk/customer/${customer.id}`)
  await page.getByRole('button', { name: `Payments and details : ${name}` }).click()
  const panel = page.getByRole('region', { name: new RegExp(name) })
  await expect(panel.getByRole('cell', { name: 'Online — Visa ending 4242' })).toBeVisible()
  const refund = panel.getByRole('form', { name: 'Refund a payment' })
  await refund.getByLabel('Refund (dollars)').fill('200')
  await refund.getByLabel('Reason').fill('Missed the first two weeks')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(refund.getByText('The refund is more than is left of this payment for this registration.')).toBeVisible()
  await refund.getByLabel('Refund (dollars)').fill('40')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(panel.getByRole('status')).toHaveText('Asked Stripe to refund $40.00: it shows as pending until Stripe confirms it. The price is $40.00 lower. This site sends no email: the family’s email is kept on the Emails page.')
  await expect(panel.getByRole('cell', { name: 'Refund of online (pending)' })).toBeVisible()
  // Refunded and lowered: the family's receipt and email say the same, and nothing more is owed.
  await panel.getByRole('link', { name: 'Open the receipt' }).click()
  await expect(page.getByText('Adjustment (Refunded and lowered: Missed the first two weeks)')).toBeVisible()
  const outbox = await backend.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', customer.email).where('subject', 'like', 'Refund:%').executeTakeFirstOrThrow()
  expect(outbox.text).toContain('$40.00 of your online payment is refunded (Missed the first two weeks). The price is lowered to')
  expect(outbox.text).toContain('Balance: $0.00')
  await staff.close()
})

test('a customer adds a jersey in a size at checkout and pays it with the place; staff refund the jersey from the place’s panel', async ({ asVisitor: page, backend, browser, createUser, insertAcademy, sessions }) => {
  const customer = await createUser({ label: 'jersey' })
  const name = `Jersey Class ${uniqueToken()}`
  const id = await insertAcademy(academyInput(name, { forChildren: false, minAge: null, maxAge: null, waiverRequired: false, startDate: daysFromToday(30), endDate: daysFromToday(57) }))
  const { productId } = await backend.db.kysely.selectFrom('offerings').select('productId').where('academyId', '=', id).executeTakeFirstOrThrow()
  const jersey = `Jersey ${uniqueToken()}`
  const settings = { purpose: 'extra' as const, listPriceCents: 2500, earlyBirdPriceCents: null, earlyBirdUntil: null, familyDiscountPercent: null, planDepositCents: null, planDueDates: null, sizes: 'S,M,L', lateSignUpPrice: 'full' as const, isActive: true }
  await createProduct(backend.db, { ...settings, name: jersey, goesWith: [productId!] }, { by: customer.id, now: new Date() })
  await signIn(page.request, customer)
  const taken = await page.request.post(`/api/academies/${id}/registrations`, { headers: { origin: STRIPE_SITE_URL }, data: { participants: [{ childId: null, photoConsent: false }] } })
  const { orderId } = ((await taken.json()) as { registrations: { orderId: string }[] }).registrations[0]!

  await openInApp(page, `/checkout/${orderId}`)
  // An empty code is answered; a code refused is no longer said once the order changes.
  const discount = page.getByRole('form', { name: 'Discount code' })
  await discount.getByRole('button', { name: 'Apply' }).click()
  await expect(discount.getByRole('alert')).toHaveText('Type your discount code, then press Apply.')
  await discount.getByRole('textbox', { name: 'Discount code' }).fill('nope')
  await discount.getByRole('button', { name: 'Apply' }).click()
  await expect(discount.getByRole('alert')).toHaveText('There is no discount code NOPE.')
  const extra = page.getByRole('form', { name: jersey })
  await extra.getByRole('button', { name: `Add ${jersey}` }).click()
  await expect(extra.getByText('Choose a size.')).toBeVisible()
  await extra.getByLabel('Size').selectOption('M')
  await extra.getByRole('button', { name: `Add ${jersey}` }).click()
  await expect(page.getByRole('row', { name: new RegExp(`${jersey}, size M`) })).toBeVisible()
  await expect(discount.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Pay $205.00 now' }).click()
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 10_000 })
  await expect(page.getByText('$205.00 paid with Visa ending 4242.')).toBeVisible()
  // The place's receipt lists the jersey bought with it.
  await page.getByRole('link', { name: 'See your receipt' }).click()
  const extras = page.getByRole('region', { name: 'Extras on the same order' })
  await expect(extras.getByRole('row', { name: `${jersey}, size M $25.00 $25.00` })).toBeVisible()

  // Staff give the jersey's money back from the place's panel; the place keeps what it was paid.
  const staff = await browser.newContext({ baseURL: STRIPE_SITE_URL, storageState: (await sessions.get('admin')).storageState })
  const desk = await staff.newPage()
  await openInApp(desk, `/desk/customer/${customer.id}`)
  await desk.getByRole('button', { name: `Payments and details : ${name}` }).click()
  const panel = desk.getByRole('region', { name: new RegExp(name) })
  await expect(panel.getByText(`${jersey}, size M: $25.00, $25.00 paid`)).toBeVisible()
  const refund = panel.getByRole('form', { name: 'Refund a payment' })
  await refund.getByLabel('For').selectOption({ label: `${jersey}, size M` })
  await refund.getByLabel('Refund (dollars)').fill('25')
  await refund.getByLabel('Reason').fill('Returned the jersey')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(panel.getByRole('status')).toHaveText('Asked Stripe to refund $25.00: it shows as pending until Stripe confirms it. The price is $25.00 lower. This site sends no email: the family’s email is kept on the Emails page.')
  const refunded = await backend.db.kysely
    .selectFrom('refundAllocations as ra')
    .innerJoin('orderLines as line', 'line.id', 'ra.orderLineId')
    .select(['line.description', 'ra.amountCents'])
    .where('line.orderId', '=', orderId)
    .execute()
  expect(refunded).toEqual([{ description: `${jersey}, size M`, amountCents: 2500 }])
  await staff.close()
})
