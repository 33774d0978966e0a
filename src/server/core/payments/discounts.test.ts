import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import type { Db } from '../../db/connect.ts'
import { inTransaction, writeTogether } from '../../db/transaction.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { Refusal } from '../refusals.ts'
import { applyDiscountCode, removeDiscountCode } from './discounts.ts'
import { openOrder, orderInserts, recordPayment } from './orders.queries.ts'

/**
 * Discount codes at checkout (issue 24): a percentage or an amount off the lines a code is for,
 * between its first and last day, never more often than its limits allow — even when fifty
 * families check out with the last ten uses at once.
 */
let testDb: TestDb
let db: Db
beforeAll(async () => {
  testDb = await createTestDb()
  db = testDb.db
})
afterAll(() => testDb.drop())

const now = new Date(Date.UTC(2027, 0, 10, 15))
const TODAY = '2027-01-10'

async function person(): Promise<string> {
  const id = randomUUID()
  const at = timestampParam(db.dialect, now)
  await db.kysely
    .insertInto('users')
    .values({ id, displayName: `Parent ${id.slice(0, 6)}`, email: `parent-${id}@example.com`, emailVerified: boolParam(db.dialect, true), image: null, createdAt: at, updatedAt: at, phone: null, role: 'customer' })
    .execute()
  return id
}

async function product(listPriceCents: number): Promise<string> {
  const id = randomUUID()
  const at = timestampParam(db.dialect, now)
  await db.kysely.insertInto('products').values({ id, name: `Product ${id.slice(0, 6)}`, listPriceCents, earlyBirdPriceCents: null, earlyBirdUntil: null, createdAt: at, updatedAt: at }).execute()
  return id
}

/** An order of `payer` with a line per product, at the given amounts due. */
async function order(payer: string, lines: { productId: string | null; cents: number }[]): Promise<{ orderId: string; lineIds: string[] }> {
  const orderId = await inTransaction(db, async (tx) => {
    const id = await openOrder(tx, payer, now)
    await writeTogether(tx, orderInserts(tx, [{ id, payerUserId: payer, now, lines: lines.map((l, i) => ({ registrationId: null, productId: l.productId, description: `Line ${i + 1}`, listPriceCents: l.cents, amountDueCents: l.cents })) }]))
    return id
  })
  const rows = await db.kysely.selectFrom('orderLines').select('id').where('orderId', '=', orderId).orderBy('createdAt').execute()
  return { orderId, lineIds: rows.map((r) => r.id) }
}

interface CodeSettings {
  percentOff?: number
  amountOffCents?: number
  validFrom?: string
  validUntil?: string
  maxUses?: number
  maxUsesPerPerson?: number
  isActive?: boolean
  productIds?: string[]
}

/** A code with a fresh text (upper-cased, as the admin form stores it). */
async function code(settings: CodeSettings): Promise<{ id: string; code: string }> {
  const id = randomUUID()
  const text = `CODE-${id.slice(0, 8).toUpperCase()}`
  const at = timestampParam(db.dialect, now)
  await db.kysely
    .insertInto('discountCodes')
    .values({
      id,
      code: text,
      description: null,
      percentOff: settings.percentOff ?? null,
      amountOffCents: settings.amountOffCents ?? null,
      validFrom: settings.validFrom ?? null,
      validUntil: settings.validUntil ?? null,
      maxUses: settings.maxUses ?? null,
      maxUsesPerPerson: settings.maxUsesPerPerson ?? null,
      isActive: boolParam(db.dialect, settings.isActive ?? true),
      createdBy: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute()
  if (settings.productIds?.length) await db.kysely.insertInto('discountCodeProducts').values(settings.productIds.map((productId) => ({ discountCodeId: id, productId }))).execute()
  return { id, code: text }
}

const apply = (orderId: string, userId: string, text: string, today = TODAY) => inTransaction(db, (tx) => applyDiscountCode(tx, { orderId, userId, code: text, today, now }))

/** The refusal's message under the discountCode field, or the outcome when it was not refused. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    return `not refused: ${JSON.stringify(await work)}`
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    expect(error.fields?.discountCode).toBe(error.message)
    return error.message
  }
}

const lines = (orderId: string) =>
  db.kysely.selectFrom('orderLines').select(['amountDueCents', 'discountCents', 'discountCodeId', 'listPriceCents']).where('orderId', '=', orderId).orderBy('createdAt').execute()
const usesOf = async (id: string) => (await db.kysely.selectFrom('discountCodes').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses
const useRows = (id: string) => db.kysely.selectFrom('discountCodeUses').select(['orderId', 'userId', 'discountCents']).where('discountCodeId', '=', id).execute()

describe('what a code takes off', () => {
  test('a percentage comes off every line it is for, rounded to the cent, typed in any letter case', async () => {
    const payer = await person()
    const [a, b] = [await product(4500), await product(1999)]
    const { orderId } = await order(payer, [
      { productId: a, cents: 4500 },
      { productId: b, cents: 1999 },
    ])
    const c = await code({ percentOff: 15 })
    expect(await apply(orderId, payer, `  ${c.code.toLowerCase()} `)).toEqual({ code: c.code, discountCents: 675 + 300 })
    expect(await lines(orderId)).toEqual([
      { amountDueCents: 3825, discountCents: 675, discountCodeId: c.id, listPriceCents: 4500 },
      { amountDueCents: 1699, discountCents: 300, discountCodeId: c.id, listPriceCents: 1999 },
    ])
    expect(await usesOf(c.id)).toBe(1)
    expect(await useRows(c.id)).toEqual([{ orderId, userId: payer, discountCents: 975 }])
  })

  test('a fixed amount is taken once per order, from the lines in order, never below zero on a line', async () => {
    const payer = await person()
    const p = await product(1000)
    const { orderId } = await order(payer, [
      { productId: p, cents: 1000 },
      { productId: p, cents: 3000 },
      { productId: p, cents: 3000 },
    ])
    const c = await code({ amountOffCents: 2500 })
    expect(await apply(orderId, payer, c.code)).toEqual({ code: c.code, discountCents: 2500 })
    expect((await lines(orderId)).map((l) => [l.amountDueCents, l.discountCents])).toEqual([
      [0, 1000],
      [1500, 1500],
      [3000, 0],
    ])
  })

  test('a code for some products discounts only their lines, and refuses an order with none of them', async () => {
    const payer = await person()
    const [fee, jersey, other] = [await product(6000), await product(2500), await product(900)]
    const c = await code({ percentOff: 50, productIds: [jersey, other] })
    const { orderId } = await order(payer, [
      { productId: fee, cents: 6000 },
      { productId: jersey, cents: 2500 },
    ])
    expect(await apply(orderId, payer, c.code)).toEqual({ code: c.code, discountCents: 1250 })
    expect((await lines(orderId)).map((l) => [l.amountDueCents, l.discountCodeId])).toEqual([
      [6000, null],
      [1250, c.id],
    ])
    const feeOnly = await order(payer, [{ productId: fee, cents: 6000 }])
    expect(await refusal(apply(feeOnly.orderId, payer, c.code))).toBe(`${c.code} is not for anything in this order.`)
    expect(await usesOf(c.id)).toBe(1)
  })

  test('a line already paid in part is not discounted', async () => {
    const payer = await person()
    const p = await product(5000)
    const { orderId } = await order(payer, [{ productId: p, cents: 5000 }])
    const paid = await inTransaction(db, (tx) => recordPayment(tx, { orderId, amountCents: 1000, provider: 'desk', externalId: null, method: 'cash', reference: null, recordedBy: null, now }))
    expect(paid.status).toBe('recorded')
    const c = await code({ percentOff: 10 })
    expect(await refusal(apply(orderId, payer, c.code))).toBe(`${c.code} is not for anything in this order.`)
  })
})

describe('when a code can be used', () => {
  test('unknown and inactive codes are refused alike', async () => {
    const payer = await person()
    const { orderId } = await order(payer, [{ productId: await product(1000), cents: 1000 }])
    expect(await refusal(apply(orderId, payer, 'nope-123'))).toBe('There is no discount code NOPE-123.')
    const off = await code({ percentOff: 10, isActive: false })
    expect(await refusal(apply(orderId, payer, off.code))).toBe(`There is no discount code ${off.code}.`)
  })

  test('from its first day through its last, both included', async () => {
    const payer = await person()
    const p = await product(1000)
    const c = await code({ percentOff: 10, validFrom: '2027-01-05', validUntil: '2027-01-31' })
    const first = await order(payer, [{ productId: p, cents: 1000 }])
    expect(await refusal(apply(first.orderId, payer, c.code, '2027-01-04'))).toBe(`${c.code} can be used from 1/5/2027.`)
    expect((await apply(first.orderId, payer, c.code, '2027-01-05')).discountCents).toBe(100)
    const last = await order(payer, [{ productId: p, cents: 1000 }])
    expect(await refusal(apply(last.orderId, payer, c.code, '2027-02-01'))).toBe(`${c.code} ended on 1/31/2027.`)
    expect((await apply(last.orderId, payer, c.code, '2027-01-31')).discountCents).toBe(100)
  })

  test('one code per order', async () => {
    const payer = await person()
    const p = await product(1000)
    const { orderId } = await order(payer, [{ productId: p, cents: 1000 }])
    const [first, second] = [await code({ percentOff: 10 }), await code({ amountOffCents: 100 })]
    await apply(orderId, payer, first.code)
    expect(await refusal(apply(orderId, payer, second.code))).toBe('This order already has a discount code.')
    expect(await refusal(apply(orderId, payer, first.code))).toBe('This order already has a discount code.')
    expect([await usesOf(first.id), await usesOf(second.id)]).toEqual([1, 0])
  })

  test('uses per person: the second order of a person is refused, another person’s is not', async () => {
    const [payer, other] = [await person(), await person()]
    const p = await product(1000)
    const c = await code({ percentOff: 10, maxUsesPerPerson: 1 })
    await apply((await order(payer, [{ productId: p, cents: 1000 }])).orderId, payer, c.code)
    expect(await refusal(apply((await order(payer, [{ productId: p, cents: 1000 }])).orderId, payer, c.code))).toBe(`You have already used ${c.code}.`)
    await apply((await order(other, [{ productId: p, cents: 1000 }])).orderId, other, c.code)
    // The refused use was given back: two counted, two rows.
    expect(await usesOf(c.id)).toBe(2)
    expect(await useRows(c.id)).toHaveLength(2)
  })

  test('uses in all: the one after the last is refused', async () => {
    const p = await product(1000)
    const c = await code({ amountOffCents: 100, maxUses: 2 })
    for (let i = 0; i < 2; i++) {
      const payer = await person()
      await apply((await order(payer, [{ productId: p, cents: 1000 }])).orderId, payer, c.code)
    }
    const late = await person()
    expect(await refusal(apply((await order(late, [{ productId: p, cents: 1000 }])).orderId, late, c.code))).toBe(`${c.code} has been used up.`)
    expect(await usesOf(c.id)).toBe(2)
  })
})

describe('taking a code off', () => {
  test('the lines owe their price again and the use is given back; a paid order keeps its code', async () => {
    const payer = await person()
    const p = await product(4000)
    const c = await code({ percentOff: 25, maxUses: 1 })
    const { orderId } = await order(payer, [{ productId: p, cents: 4000 }])
    await apply(orderId, payer, c.code)
    expect(await inTransaction(db, (tx) => removeDiscountCode(tx, { orderId, userId: payer }))).toEqual({ code: c.code, discountCents: 1000 })
    expect(await lines(orderId)).toEqual([{ amountDueCents: 4000, discountCents: 0, discountCodeId: null, listPriceCents: 4000 }])
    expect(await usesOf(c.id)).toBe(0)
    expect(await useRows(c.id)).toEqual([])
    expect(await inTransaction(db, (tx) => removeDiscountCode(tx, { orderId, userId: payer }))).toBeUndefined()

    // Given back, the one use can be taken again, and once paid for it stays.
    await apply(orderId, payer, c.code)
    await inTransaction(db, (tx) => recordPayment(tx, { orderId, amountCents: 500, provider: 'desk', externalId: null, method: 'cash', reference: null, recordedBy: null, now }))
    expect(await refusal(inTransaction(db, (tx) => removeDiscountCode(tx, { orderId, userId: payer })))).toBe('This order is already paid in part; its discount code stays.')
    expect((await lines(orderId))[0]).toMatchObject({ amountDueCents: 3000, discountCents: 1000 })
    expect(await usesOf(c.id)).toBe(1)
  })
})

describe('under load', () => {
  test('a code with 10 uses left, applied by 50 families at once: exactly 10 applied, 40 told it has been used up', async () => {
    const p = await product(5000)
    const c = await code({ percentOff: 10, maxUses: 10 })
    const families = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const payer = await person()
        return { payer, ...(await order(payer, [{ productId: p, cents: 5000 }])) }
      }),
    )
    const outcomes = await Promise.allSettled(families.map((f) => apply(f.orderId, f.payer, c.code)))
    const applied = outcomes.filter((o) => o.status === 'fulfilled')
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as Error] : []))
    expect(applied).toHaveLength(10)
    expect(refused.map((e) => e.message)).toEqual(Array.from({ length: 40 }, () => `${c.code} has been used up.`))
    expect(await usesOf(c.id)).toBe(10)
    expect(await useRows(c.id)).toHaveLength(10)
    const discounted = await db.kysely
      .selectFrom('orderLines')
      .select('amountDueCents')
      .where(
        'orderId',
        'in',
        families.map((f) => f.orderId),
      )
      .where('discountCodeId', '=', c.id)
      .execute()
    expect(discounted.map((l) => l.amountDueCents)).toEqual(Array.from({ length: 10 }, () => 4500))
  })

  test('one person’s five orders at once with a code of one use per person: exactly one applied', async () => {
    const payer = await person()
    const p = await product(2000)
    const c = await code({ amountOffCents: 500, maxUsesPerPerson: 1 })
    const orders = await Promise.all(Array.from({ length: 5 }, () => order(payer, [{ productId: p, cents: 2000 }])))
    const outcomes = await Promise.allSettled(orders.map((o) => apply(o.orderId, payer, c.code)))
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []))).toEqual(Array.from({ length: 4 }, () => `You have already used ${c.code}.`))
    expect(await usesOf(c.id)).toBe(1)
    expect(await useRows(c.id)).toHaveLength(1)
  })
})
