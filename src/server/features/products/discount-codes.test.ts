import { afterAll, beforeAll, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { DiscountCode } from '../../../shared/contracts/discount-codes.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import { DISCOUNT_CODE_MESSAGES, type DiscountCodeFormValues } from '../../../shared/schemas/discount-code.ts'
import { inTransaction, writeTogether } from '../../db/transaction.ts'
import { applyDiscountCode } from '../../core/payments/discounts.ts'
import { openOrder, orderInserts } from '../../core/payments/orders.queries.ts'

/**
 * Discount codes on the price list's page (issue 24): admins add codes for every product or some,
 * change them, and take them off; a code is one in any letter case; the form's rules hold on the
 * server with the words the browser shows; a used code keeps its text.
 */

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Saved = { discountCode: DiscountCode; error: { message: string; fields?: Record<string, string> } }
type Body = Partial<DiscountCodeFormValues> & { productIds?: unknown }

const fresh = () => `Save${Math.random().toString(36).slice(2, 8)}`
const form = (overrides: Body = {}): Body => ({
  code: fresh(),
  description: 'Spring promotion',
  percentOff: '10',
  amountOff: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerPerson: '',
  isActive: 'true',
  ...overrides,
})
const save = (body: Body, discountCodeId?: string, who = admin) =>
  who.client.post<Saved>(discountCodeId ? `/api/admin/discount-codes/${discountCodeId}` : '/api/admin/discount-codes', body)
const list = async () => (await admin.client.get<{ discountCodes: DiscountCode[] }>('/api/admin/discount-codes')).body.discountCodes
const product = async (name: string) => {
  const res = await admin.client.post<{ product: Product }>('/api/admin/products', { name, purpose: 'extra', listPrice: '25', isActive: 'true' })
  expect(res.status, res.text).toBe(201)
  return res.body.product
}

test('an admin adds a code for some products, sees it listed with who made it, changes it and takes it off', async () => {
  const [jersey, ball] = [await product(`Jersey ${fresh()}`), await product(`Ball ${fresh()}`)]
  const made = await save(form({ code: ' spring-10 ', amountOff: '5.50', percentOff: '', validFrom: '2027-01-05', validUntil: '2027-01-31', maxUses: '10', maxUsesPerPerson: '1', productIds: [jersey.id, ball.id] }))
  expect(made.status, made.text).toBe(201)
  expect(made.body.discountCode).toMatchObject({
    code: 'SPRING-10',
    percentOff: null,
    amountOffCents: 550,
    validFrom: '2027-01-05',
    validUntil: '2027-01-31',
    maxUses: 10,
    maxUsesPerPerson: 1,
    uses: 0,
    usesLeft: 10,
    isActive: true,
    createdByName: admin.displayName,
  })
  expect(made.body.discountCode.products.map((p) => p.id).sort()).toEqual([jersey.id, ball.id].sort())
  const id = made.body.discountCode.id
  expect((await list()).find((c) => c.id === id)?.code).toBe('SPRING-10')

  const changed = await save({ amountOff: '', percentOff: '20', productIds: [] }, id)
  expect(changed.status, changed.text).toBe(200)
  expect(changed.body.discountCode).toMatchObject({ percentOff: 20, amountOffCents: null, products: [], maxUses: 10, validUntil: '2027-01-31' })

  const off = await save({ isActive: 'false' }, id)
  expect(off.status, off.text).toBe(200)
  expect(off.body.discountCode).toMatchObject({ isActive: false, percentOff: 20 })
  expect((await list()).at(-1)?.id).toBe(id)
})

test('a code that exists in any letter case is refused under its field', async () => {
  const first = await save(form({ code: 'DISCOUNT10' }))
  expect(first.status, first.text).toBe(201)
  const again = await save(form({ code: 'discount10' }))
  expect(again.status).toBe(409)
  expect(again.body.error.fields?.code).toBe('There is already a code DISCOUNT10.')
  const other = await save(form())
  const renamed = await save({ code: 'Discount10' }, other.body.discountCode.id)
  expect(renamed.status).toBe(409)
  expect(renamed.body.error.fields?.code).toBe('There is already a code DISCOUNT10.')
})

test('a used code keeps its text; its other settings still change', async () => {
  const made = (await save(form({ maxUses: '5' }))).body.discountCode
  const payer = await createUser(ctx)
  await inTransaction(ctx.db, async (tx) => {
    const orderId = await openOrder(tx, payer.id, new Date())
    await writeTogether(tx, orderInserts(tx, [{ id: orderId, payerUserId: payer.id, now: new Date(), lines: [{ registrationId: null, productId: null, description: 'Fee', listPriceCents: 1000, amountDueCents: 1000 }] }]))
    await applyDiscountCode(tx, { orderId, userId: payer.id, code: made.code, today: '2027-01-10', now: new Date() })
  })
  expect((await list()).find((c) => c.id === made.id)).toMatchObject({ uses: 1, usesLeft: 4 })
  const renamed = await save({ code: 'NEWNAME' }, made.id)
  expect(renamed.status).toBe(409)
  expect(renamed.body.error.fields?.code).toBe(`${made.code} has been used, so its code can’t change.`)
  const more = await save({ maxUses: '50', code: made.code.toLowerCase() }, made.id)
  expect(more.status, more.text).toBe(200)
  expect(more.body.discountCode).toMatchObject({ code: made.code, maxUses: 50, usesLeft: 49 })
})

test('the form’s rules hold on the server, in the browser’s words, and never answer 500', async () => {
  const refusals = [
    [form({ code: '' }), 'code', 'Code is required.'],
    [form({ code: 'ab' }), 'code', 'Code must be between 3 and 32 characters.'],
    [form({ code: 'has space' }), 'code', DISCOUNT_CODE_MESSAGES.code],
    [form({ code: 'ÉTÉ10' }), 'code', DISCOUNT_CODE_MESSAGES.code],
    [form({ percentOff: '' }), 'percentOff', DISCOUNT_CODE_MESSAGES.oneKind],
    [form({ amountOff: '5' }), 'amountOff', DISCOUNT_CODE_MESSAGES.bothKinds],
    [form({ percentOff: '0' }), 'percentOff', 'Percent off must be between 1 and 100.'],
    [form({ percentOff: '101' }), 'percentOff', 'Percent off must be between 1 and 100.'],
    [form({ percentOff: '12.5' }), 'percentOff', 'Percent off must be a whole number.'],
    [form({ percentOff: '', amountOff: '5.555' }), 'amountOff', DISCOUNT_CODE_MESSAGES.cents],
    [form({ percentOff: '', amountOff: '0' }), 'amountOff', DISCOUNT_CODE_MESSAGES.amountAboveZero],
    [form({ validFrom: '2027-02-01', validUntil: '2027-01-31' }), 'validUntil', DISCOUNT_CODE_MESSAGES.untilBeforeFrom],
    [form({ validFrom: '2027-02-30' }), 'validFrom', 'First day must be a valid date.'],
    [form({ maxUses: '0' }), 'maxUses', 'Uses in all must be between 1 and 1000000.'],
    [form({ maxUsesPerPerson: '99999999999999999999' }), 'maxUsesPerPerson', 'Uses per person must be between 1 and 1000000.'],
    [form({ productIds: ['no-such-product'] }), 'productIds', DISCOUNT_CODE_MESSAGES.products],
    [form({ productIds: 'not-a-list' }), 'productIds', undefined],
  ] as const
  for (const [body, field, message] of refusals) {
    const res = await save(body)
    expect(res.status, `${field}: ${res.text}`).toBe(400)
    expect(Object.keys(res.body.error.fields ?? {}), `${field}: ${res.text}`).toContain(field)
    if (message) expect(res.body.error.fields?.[field]).toBe(message)
  }
  // The same code in both of its valid limits is fine.
  expect((await save(form({ validFrom: '2027-01-31', validUntil: '2027-01-31', percentOff: '100' }))).status).toBe(201)
  expect((await save({ percentOff: '30' }, 'no-such-code')).status).toBe(404)
})

test('only admins keep discount codes', async () => {
  const employee = await createUser(ctx, 'employee')
  const customer = await createUser(ctx)
  for (const who of [employee, customer]) {
    expect((await who.client.get('/api/admin/discount-codes')).status).toBe(403)
    expect((await save(form(), undefined, who)).status).toBe(403)
  }
  expect((await ctx.client().get('/api/admin/discount-codes')).status).toBe(401)
})
