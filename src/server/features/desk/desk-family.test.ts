import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { academySoon } from '../../../../tests/academy-places.ts'
import { addChild, CHILD_FORM, createLeague, createRegistrant, createUser, daysFromToday, productForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import { insertAcademy, type NewAcademy } from '../academies/academies.queries.ts'

/**
 * The desk sells everything a family can buy (issue 30 §2): staff add and edit a customer's
 * children, sign the children up for an academy on the same engine and order as online, and apply
 * a discount code and sell an extra on the customer's order. For customers' accounts only; a
 * customer cannot use these roads. SQLite and PostgreSQL.
 */
let ctx: TestApp
let employee: TestUser
let admin: TestUser
beforeAll(async () => {
  // A low children limit, so the desk going past it is seen with few children.
  ctx = await startTestApp({ env: { MAX_CHILDREN_PER_ACCOUNT: '2' } })
  ;[employee, admin] = await Promise.all([createUser(ctx, 'employee'), createUser(ctx, 'admin')])
})
afterAll(() => ctx.close())

type Refused = { error: { message: string; fields?: Record<string, string> } }
type ChildAnswer = { child: Child; customer: CustomerRecord } & Refused

/** A walk-in made at the desk: an account with no children, no waiver and no password anyone knows. */
async function walkIn(): Promise<CustomerRecord> {
  const made = await employee.client.post<{ customer: CustomerRecord }>('/api/desk/customers', { displayName: 'Wanda Walkin', email: `walk-in-${randomUUID().slice(0, 8)}@example.com`, phone: '555-010-4242' })
  expect(made.status, made.text).toBe(201)
  return made.body.customer
}

const addAtDesk = (customerId: string, form: object, who = employee) => who.client.post<ChildAnswer>(`/api/desk/customers/${customerId}/children`, form)
const editAtDesk = (customerId: string, childId: string, form: object, who = employee) => who.client.post<ChildAnswer>(`/api/desk/customers/${customerId}/children/${childId}`, form)

async function childAtDesk(customerId: string, overrides: Partial<Record<string, string>> = {}): Promise<string> {
  const res = await addAtDesk(customerId, { ...CHILD_FORM, ...overrides })
  expect(res.status, res.text).toBe(201)
  return res.body.child.id
}

async function signAtDesk(customerId: string, childId: string | null): Promise<void> {
  const res = await employee.client.post(`/api/desk/customers/${customerId}/waiver`, { signedName: 'Wanda Walkin', agree: 'yes', childId: childId ?? '' })
  expect(res.status, res.text).toBe(201)
}

describe('children at the desk', () => {
  test('staff add a walk-in’s child and change their details, by the same form rules as the customer’s own', async () => {
    const customer = await walkIn()
    const added = await addAtDesk(customer.id, { ...CHILD_FORM, firstName: 'Nora', notes: 'Asthma: inhaler in her bag' })
    expect(added.status, added.text).toBe(201)
    expect(added.body.child).toMatchObject({ firstName: 'Nora', lastName: 'Rivera', notes: 'Asthma: inhaler in her bag', removable: true })
    expect(added.body.customer.children.map((c) => c.firstName)).toEqual(['Nora'])

    const edited = await editAtDesk(customer.id, added.body.child.id, { ...CHILD_FORM, firstName: 'Nora', emergencyContactName: 'Grandpa Joe', emergencyContactPhone: '555-010-7777', notes: '' })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.body.child).toMatchObject({ id: added.body.child.id, emergencyContactName: 'Grandpa Joe', emergencyContactPhone: '+15550107777', notes: null })
    expect(edited.body.customer.children).toEqual([edited.body.child])

    const bad = await addAtDesk(customer.id, { ...CHILD_FORM, firstName: '', dateOfBirth: daysFromToday(3) })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['dateOfBirth', 'firstName'])
    const badEdit = await editAtDesk(customer.id, added.body.child.id, { ...CHILD_FORM, emergencyContactPhone: '12' })
    expect(badEdit.status).toBe(400)
    expect(Object.keys(badEdit.body.error.fields ?? {})).toEqual(['emergencyContactPhone'])
  })

  test('the desk is refused a child born more than 30 years ago, as the customer is', async () => {
    const customer = await walkIn()
    const res = await addAtDesk(customer.id, { ...CHILD_FORM, dateOfBirth: '1850-01-01' })
    expect(res.status, res.text).toBe(400)
  })

  test('the desk may go past the children a customer may add themself', async () => {
    const parent = await createRegistrant(ctx)
    await addChild(parent, { firstName: 'One' })
    await addChild(parent, { firstName: 'Two' })
    const own = await parent.client.post<Refused>('/api/children', { ...CHILD_FORM, firstName: 'Three' })
    expect(own.status).toBe(409)
    const desk = await addAtDesk(parent.id, { ...CHILD_FORM, firstName: 'Three' })
    expect(desk.status, desk.text).toBe(201)
    expect(desk.body.customer.children).toHaveLength(3)
  })

  test('never for a staff account, never another account’s child, never by a customer', async () => {
    const customer = await walkIn()
    const childId = await childAtDesk(customer.id)
    const other = await createRegistrant(ctx)
    const othersChild = await addChild(other, { firstName: 'Otto' })

    for (const staff of [employee, admin]) {
      expect((await addAtDesk(staff.id, CHILD_FORM)).status).toBe(404)
      expect((await editAtDesk(staff.id, childId, CHILD_FORM)).status).toBe(404)
    }
    expect((await addAtDesk(randomUUID(), CHILD_FORM)).status).toBe(404)
    const notTheirs = await editAtDesk(customer.id, othersChild, { ...CHILD_FORM, firstName: 'Stolen' })
    expect(notTheirs.status).toBe(404)
    expect((await other.client.get<{ children: Child[] }>('/api/children')).body.children.map((c) => c.firstName)).toEqual(['Otto'])

    expect((await addAtDesk(customer.id, CHILD_FORM, other)).status).toBe(403)
    expect((await editAtDesk(customer.id, childId, CHILD_FORM, other)).status).toBe(403)
    expect((await ctx.client().post(`/api/desk/customers/${customer.id}/children`, CHILD_FORM)).status).toBe(401)
  })
})

const FIRST_DAY = daysFromToday(30)
/** A date of birth making a child `years` old on the academy's first day. */
const bornYearsBefore = (years: number) => `${Number(FIRST_DAY.slice(0, 4)) - years}${FIRST_DAY.slice(4)}`

const academy = (overrides: Partial<NewAcademy> = {}): NewAcademy => academySoon({ name: `Desk Academy ${randomUUID().slice(0, 6)}`, capacity: 16, ...overrides })

type SignUpAnswer = AcademySignUpResult & Refused
const signUpAtDesk = (customerId: string, academyId: string, participants: { childId: string | null; photoConsent: boolean }[], who = employee, key?: string) =>
  who.client.post<SignUpAnswer>(`/api/desk/customers/${customerId}/academies/${academyId}/registrations`, { participants }, key ? { 'idempotency-key': key } : {})

describe('academies at the desk', () => {
  test('a walk-in’s two children, the waiver signed on the staff screen, take two places on one order, as online', async () => {
    const academyId = await insertAcademy(ctx.db, academy())
    const customer = await walkIn()
    const maya = await childAtDesk(customer.id, { firstName: 'Maya', dateOfBirth: bornYearsBefore(9) })
    const leo = await childAtDesk(customer.id, { firstName: 'Leo', dateOfBirth: bornYearsBefore(7) })
    const both = [
      { childId: maya, photoConsent: true },
      { childId: leo, photoConsent: false },
    ]

    await signAtDesk(customer.id, maya)
    const unsigned = await signUpAtDesk(customer.id, academyId, both)
    expect(unsigned.status).toBe(409)
    expect(unsigned.body.error).toMatchObject({ message: 'Please sign the current waiver for Leo before signing up.', fields: { waiver: 'WAIVER_REQUIRED', participant: leo } })

    await signAtDesk(customer.id, leo)
    const key = `desk-academy-${customer.id}`
    const res = await signUpAtDesk(customer.id, academyId, both, employee, key)
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations.map((r) => [r.child?.name, r.status, r.userId, r.balanceCents, r.offering.kind])).toEqual([
      ['Maya Rivera', 'confirmed', customer.id, 18_000, 'academy-place'],
      ['Leo Rivera', 'confirmed', customer.id, 18_000, 'academy-place'],
    ])
    const [first, second] = res.body.registrations
    expect(first!.orderId).not.toBeNull()
    expect(second!.orderId).toBe(first!.orderId)
    const photos = await ctx.db.kysely.selectFrom('registrations').select(['childId', 'photoConsent']).where('userId', '=', customer.id).execute()
    expect(Object.fromEntries(photos.map((p) => [p.childId, Boolean(p.photoConsent)]))).toEqual({ [maya]: true, [leo]: false })

    // A second press of the same sign-up answers the first.
    const again = await signUpAtDesk(customer.id, academyId, both, employee, key)
    expect(again.status).toBe(200)
    expect(again.body.registrations.map((r) => r.id)).toEqual(res.body.registrations.map((r) => r.id))
    const record = (await employee.client.get<{ customer: CustomerRecord }>(`/api/desk/customers/${customer.id}`)).body.customer
    expect(record.balanceCents).toBe(36_000)
    // An academy priced without an extra beside it: nothing to sell on its order.
    expect(record.ordersTakingExtras).toEqual([])
  })

  test('an adults’ academy takes the customer themself', async () => {
    const academyId = await insertAcademy(ctx.db, academy({ forChildren: false, minAge: null, maxAge: null, priceCents: 9_500 }))
    const customer = await walkIn()
    await signAtDesk(customer.id, null)
    const res = await signUpAtDesk(customer.id, academyId, [{ childId: null, photoConsent: false }])
    expect(res.status, res.text).toBe(201)
    expect(res.body.registrations).toEqual([expect.objectContaining({ child: null, userId: customer.id, status: 'confirmed', balanceCents: 9_500 })])
  })

  test('never for a staff account, never another account’s child, never by a customer; an unknown academy is not found', async () => {
    const academyId = await insertAcademy(ctx.db, academy({ waiverRequired: false }))
    const customer = await walkIn()
    const child = await childAtDesk(customer.id, { dateOfBirth: bornYearsBefore(8) })
    const other = await createRegistrant(ctx)
    const othersChild = await addChild(other, { dateOfBirth: bornYearsBefore(8) })

    expect((await signUpAtDesk(employee.id, academyId, [{ childId: null, photoConsent: false }])).status).toBe(404)
    expect((await signUpAtDesk(admin.id, academyId, [{ childId: null, photoConsent: false }])).status).toBe(404)
    const notTheirs = await signUpAtDesk(customer.id, academyId, [{ childId: othersChild, photoConsent: true }])
    expect(notTheirs.status).toBe(400)
    expect(notTheirs.body.error.message).toBe('Choose this customer’s own children.')
    expect((await signUpAtDesk(customer.id, academyId, [{ childId: child, photoConsent: true }], other)).status).toBe(403)
    expect((await signUpAtDesk(customer.id, randomUUID(), [{ childId: child, photoConsent: true }])).status).toBe(404)
    expect((await signUpAtDesk(customer.id, academyId, [])).status).toBe(400)
    expect(await ctx.db.kysely.selectFrom('registrations').select('id').where('userId', 'in', [customer.id, other.id]).execute()).toEqual([])
  })

  test('the desk may register more children than the places one account may take online', async () => {
    const limited = await startTestApp({ env: { MAX_PLACES_PER_ACCOUNT: '1' } })
    try {
      const academyId = await insertAcademy(limited.db, academy({ waiverRequired: false }))
      const desk = await createUser(limited, 'employee')
      const parent = await createUser(limited)
      const kids = [await addChild(parent, { firstName: 'Ada', dateOfBirth: bornYearsBefore(8) }), await addChild(parent, { firstName: 'Bo', dateOfBirth: bornYearsBefore(9) })]
      const participants = kids.map((childId) => ({ childId, photoConsent: false }))
      const online = await parent.client.post<Refused>(`/api/academies/${academyId}/registrations`, { participants })
      expect(online.status).toBe(409)
      const res = await signUpAtDesk(parent.id, academyId, participants, desk)
      expect(res.status, res.text).toBe(201)
      expect(res.body.registrations.map((r) => r.status)).toEqual(['confirmed', 'confirmed'])
    } finally {
      await limited.close()
    }
  })
})

type OrderAnswer = { order: OrderCheckout; customer: CustomerRecord } & Refused

/** A league priced by a fee, a jersey in sizes offered with it, a code for the fee, and a walk-in's place in the league. */
async function placeAtDesk() {
  const saved = async (body: object) => {
    const res = await admin.client.post<{ product: Product }>('/api/admin/products', body)
    expect(res.status, res.text).toBe(201)
    return res.body.product
  }
  const fee = await saved(productForm({ listPrice: '80' }))
  const jersey = await saved({ ...productForm({ name: `Jersey ${fee.name}`, purpose: 'extra', listPrice: '25', sizes: 'YS, YM, S' }), goesWith: [fee.id] })
  const code = `DESK${randomUUID().slice(0, 6).toUpperCase()}`
  const made = await admin.client.post('/api/admin/discount-codes', {
    code,
    description: '',
    percentOff: '25',
    amountOff: '',
    validFrom: '',
    validUntil: '',
    maxUses: '',
    maxUsesPerPerson: '1',
    isActive: 'true',
    productIds: [fee.id],
  })
  expect(made.status, made.text).toBe(201)
  const leagueId = await createLeague(ctx, { priceCents: 8000, priceProductId: fee.id })
  const customer = await walkIn()
  await signAtDesk(customer.id, null)
  const placed = await employee.client.post<RegisterResult>(`/api/desk/customers/${customer.id}/registrations`, { leagueId })
  expect(placed.status, placed.text).toBe(201)
  return { jersey, code, customer, registration: placed.body.registration, orderId: placed.body.registration.orderId! }
}

const codeAtDesk = (customerId: string, orderId: string, code: string, who = employee) => who.client.post<OrderAnswer>(`/api/desk/customers/${customerId}/orders/${orderId}/discount-code`, { code })
const extraAtDesk = (customerId: string, orderId: string, extra: object, who = employee) => who.client.post<OrderAnswer>(`/api/desk/customers/${customerId}/orders/${orderId}/extras`, extra)

describe('codes and extras at the desk', () => {
  test('staff apply a code and sell a jersey in a size on a walk-in’s order; the cash taken brings the balance to $0', async () => {
    const { jersey, code, customer, registration, orderId } = await placeAtDesk()

    const coded = await codeAtDesk(customer.id, orderId, code.toLowerCase())
    expect(coded.status, coded.text).toBe(200)
    expect(coded.body.order).toMatchObject({ orderId, yours: false, payer: { id: customer.id, name: 'Wanda Walkin' }, discountCode: { code, discountCents: 2000 }, totalCents: 6000 })
    expect(coded.body.customer.balanceCents).toBe(6000)
    // The jersey goes with the league's fee: the desk offers it on this order.
    expect(coded.body.customer.ordersTakingExtras).toEqual([orderId])
    const use = await ctx.db.kysely.selectFrom('discountCodeUses').select('userId').where('orderId', '=', orderId).executeTakeFirstOrThrow()
    expect(use.userId).toBe(customer.id)
    const twice = await codeAtDesk(customer.id, orderId, code)
    expect(twice.status).toBe(409)
    expect(twice.body.error.message).toBe('This order already has a discount code.')
    const unknown = await codeAtDesk(customer.id, orderId, 'NO-SUCH-CODE')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.message).toBe('There is no discount code NO-SUCH-CODE.')

    expect(coded.body.order.extras).toEqual([{ productId: jersey.id, name: jersey.name, priceCents: 2500, sizes: ['YS', 'YM', 'S'] }])
    const noSize = await extraAtDesk(customer.id, orderId, { productId: jersey.id })
    expect(noSize.status).toBe(400)
    expect(noSize.body.error.fields).toEqual({ size: 'Choose a size.' })
    const sold = await extraAtDesk(customer.id, orderId, { productId: jersey.id, size: 'YM' })
    expect(sold.status, sold.text).toBe(201)
    expect(sold.body.order.lines.map((l) => [l.description, l.amountDueCents])).toEqual([
      [expect.stringMatching(/^League /), 6000],
      [`${jersey.name}, size YM`, 2500],
    ])
    expect(sold.body.order.totalCents).toBe(8500)
    expect(sold.body.customer.balanceCents).toBe(8500)

    // The desk takes the place's part and the jersey's in cash through the registration's payment
    // form: the place first, then the extras on its order; never more than both ask.
    const over = await employee.client.post<Refused>(`/api/admin/registrations/${registration.id}/payments`, { amount: '85.01', method: 'cash', reference: '' })
    expect(over.status).toBe(400)
    expect(over.body.error.message).toBe('The amount is more than the balance of $85.00.')
    // Recorded twice at once (a double click): once, and the second is told what is left.
    const [paid, again] = (await Promise.all([0, 1].map(() => employee.client.post<Refused>(`/api/admin/registrations/${registration.id}/payments`, { amount: '85.00', method: 'cash', reference: '' })))).sort(
      (a, b) => a.status - b.status,
    )
    expect(paid!.status, paid!.text).toBe(201)
    expect(again!.status, again!.text).toBe(400)
    expect(again!.body.error.message).toBe('The amount is more than the balance of $0.00.')
    const after = (await employee.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)).body.order
    expect(after).toMatchObject({ paidCents: 8500, openCents: 0 })
    const record = (await employee.client.get<{ customer: CustomerRecord }>(`/api/desk/customers/${customer.id}`)).body.customer
    expect(record.balanceCents).toBe(0)
  })

  test('only on the customer’s own order, never for a staff account, never by a customer', async () => {
    const { jersey, code, customer, orderId } = await placeAtDesk()
    const other = await placeAtDesk()

    // Another customer's order named under this customer: no such order.
    expect((await codeAtDesk(customer.id, other.orderId, other.code)).status).toBe(404)
    expect((await extraAtDesk(customer.id, other.orderId, { productId: other.jersey.id, size: 'S' })).status).toBe(404)
    expect((await codeAtDesk(employee.id, orderId, code)).status).toBe(404)
    expect((await extraAtDesk(admin.id, orderId, { productId: jersey.id, size: 'S' })).status).toBe(404)
    expect((await codeAtDesk(customer.id, randomUUID(), code)).status).toBe(404)

    const someone = await createRegistrant(ctx)
    expect((await codeAtDesk(customer.id, orderId, code, someone)).status).toBe(403)
    expect((await extraAtDesk(customer.id, orderId, { productId: jersey.id, size: 'S' }, someone)).status).toBe(403)
    const untouched = (await employee.client.get<{ order: OrderCheckout }>(`/api/orders/${orderId}`)).body.order
    expect(untouched).toMatchObject({ discountCode: null, totalCents: 8000 })
    expect(untouched.lines).toHaveLength(1)
    expect((await employee.client.get<{ order: OrderCheckout }>(`/api/orders/${other.orderId}`)).body.order.discountCode).toBeNull()
  })
})
