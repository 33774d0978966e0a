import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam, toBool, toCount } from '../../db/values.ts'
import { formatDate } from '../../../shared/format.ts'
import { normalCode } from '../../../shared/schemas/discount-code.ts'
import { conflict, invalid } from '../refusals.ts'
import { linesOfOrder, type LineBalance } from './orders.queries.ts'

/**
 * Discount codes at checkout (issue 24, docs/decisions/0012): a code takes a percentage or an
 * amount off the lines of an order it is for, counted in the same transaction as the lines it
 * discounts. A line keeps what the code took off (`discountCents`) beside what is still due
 * (`amountDueCents`), so the price of the day is their sum and every balance stays `amountDue −
 * paid` (orders.queries.ts).
 *
 * Locks, in this order, so two operations never wait on each other in a circle: the order's lines
 * (PostgreSQL FOR UPDATE; SQLite has one writer), then the code's row (the conditional UPDATE).
 */

/** Refusals read under the checkout form's discount code field. */
const FIELD = 'discountCode'
const refusedAs = (make: typeof invalid, message: string) => make(message, { [FIELD]: message })

/** A line's share of the discount. */
interface Cut {
  lineId: string
  cents: number
}

/**
 * Applies a code to an order's open lines in the caller's transaction: counts the use with one
 * conditional UPDATE (uses + 1 <= maxUses), so concurrent checkouts never exceed the limit.
 *
 * The code is found in any letter case. It discounts every line of the order that is for one of
 * its products (a code without products: every line) and still owes everything — nothing paid, no
 * code yet: a percentage of each line, rounded to the cent, or a fixed amount taken once per order
 * from those lines in line order, never below zero on a line. Refusals (`Refusal`, field
 * `discountCode`) say why in the person's words; nothing is written when one is thrown.
 */
export async function applyDiscountCode(tx: Db, input: { orderId: string; userId: string; code: string; today: string; now: Date }): Promise<{ code: string; discountCents: number }> {
  return inTransaction(tx, async (tx) => {
    const typed = normalCode(input.code)
    const code = await tx.kysely
      .selectFrom('discountCodes')
      .select(['id', 'code', 'percentOff', 'amountOffCents', 'validFrom', 'validUntil', 'maxUsesPerPerson', 'isActive'])
      .where('code', '=', typed)
      .executeTakeFirst()
    if (!code || !toBool(code.isActive)) throw refusedAs(invalid, `There is no discount code ${typed}.`)
    if (code.validFrom !== null && input.today < code.validFrom) throw refusedAs(invalid, `${code.code} can be used from ${formatDate(code.validFrom)}.`)
    if (code.validUntil !== null && input.today > code.validUntil) throw refusedAs(invalid, `${code.code} ended on ${formatDate(code.validUntil)}.`)

    const lines = await linesOfOrder(tx, input.orderId)
    const [details, products, used] = await Promise.all([
      lines.length === 0
        ? []
        : tx.kysely
            .selectFrom('orderLines')
            .select(['id', 'productId', 'discountCodeId'])
            .where(
              'id',
              'in',
              lines.map((l) => l.id),
            )
            .execute(),
      tx.kysely.selectFrom('discountCodeProducts').select('productId').where('discountCodeId', '=', code.id).execute(),
      tx.kysely.selectFrom('discountCodeUses').select('id').where('orderId', '=', input.orderId).executeTakeFirst(),
    ])
    if (used || details.some((d) => d.discountCodeId !== null)) throw refusedAs(conflict, 'This order already has a discount code.')
    const forProducts = new Set(products.map((p) => p.productId))
    const productOf = new Map(details.map((d) => [d.id, d.productId]))
    const open = lines.filter((line) => owesEverything(line) && (forProducts.size === 0 || forProducts.has(productOf.get(line.id) ?? '')))
    const cuts = cutsOf(code, open)
    if (cuts.length === 0) throw refusedAs(invalid, `${code.code} is not for anything in this order.`)

    // The one statement that decides: a use is counted only while one is left. On PostgreSQL it
    // also holds the code's row until the transaction ends, so the per-person count below cannot
    // miss a use by the same person committing at the same moment (SQLite has one writer).
    const counted = await tx.kysely
      .updateTable('discountCodes')
      .set({ uses: sql<number>`${sql.ref('uses')} + 1` })
      .where('id', '=', code.id)
      .where((eb) => eb.or([eb('maxUses', 'is', null), eb(sql<number>`${sql.ref('uses')} + 1`, '<=', eb.ref('maxUses'))]))
      .executeTakeFirst()
    if (Number(counted.numUpdatedRows) === 0) throw refusedAs(conflict, `${code.code} has been used up.`)
    if (code.maxUsesPerPerson !== null && (await usesBy(tx, code.id, input.userId)) >= code.maxUsesPerPerson) {
      // Given back here, not left to a rollback: a caller may catch the refusal and go on in its transaction.
      await giveUseBack(tx, code.id)
      throw refusedAs(conflict, `You have already used ${code.code}.`)
    }

    for (const cut of cuts) {
      await tx.kysely
        .updateTable('orderLines')
        .set({ discountCodeId: code.id, discountCents: cut.cents, amountDueCents: sql<number>`${sql.ref('amountDueCents')} - ${cut.cents}` })
        .where('id', '=', cut.lineId)
        .execute()
    }
    const discountCents = cuts.reduce((sum, cut) => sum + cut.cents, 0)
    await tx.kysely
      .insertInto('discountCodeUses')
      .values({ id: randomUUID(), discountCodeId: code.id, orderId: input.orderId, userId: input.userId, discountCents, createdAt: timestampParam(tx.dialect, input.now) })
      .execute()
    return { code: code.code, discountCents }
  })
}

/**
 * Takes an order's discount code off, in the caller's transaction: the lines owe their price of
 * the day again and the use is given back to the code. Only the use `userId` made; undefined when
 * the order has none of theirs. Refused once anything on the order is paid, since payments were
 * spread over the discounted amounts.
 */
export async function removeDiscountCode(tx: Db, input: { orderId: string; userId: string }): Promise<{ code: string; discountCents: number } | undefined> {
  return inTransaction(tx, async (tx) => {
    const lines = await linesOfOrder(tx, input.orderId)
    const use = await tx.kysely
      .selectFrom('discountCodeUses as u')
      .innerJoin('discountCodes as d', 'd.id', 'u.discountCodeId')
      .select(['u.id', 'u.discountCodeId', 'u.discountCents', 'd.code'])
      .where('u.orderId', '=', input.orderId)
      .where('u.userId', '=', input.userId)
      .executeTakeFirst()
    if (!use) return undefined
    const payment = await tx.kysely.selectFrom('payments').select('id').where('orderId', '=', input.orderId).limit(1).executeTakeFirst()
    if (payment || lines.some((line) => line.paidCents !== 0)) throw refusedAs(conflict, 'This order is already paid in part; its discount code stays.')
    await tx.kysely
      .updateTable('orderLines')
      .set({ amountDueCents: sql<number>`${sql.ref('amountDueCents')} + ${sql.ref('discountCents')}`, discountCents: 0, discountCodeId: null })
      .where('orderId', '=', input.orderId)
      .where('discountCodeId', '=', use.discountCodeId)
      .execute()
    await tx.kysely.deleteFrom('discountCodeUses').where('id', '=', use.id).execute()
    await giveUseBack(tx, use.discountCodeId)
    return { code: use.code, discountCents: use.discountCents }
  })
}

/** A line a code may discount: it owes its whole amount, nothing paid and no code on it. */
function owesEverything(line: LineBalance): boolean {
  return line.amountDueCents > 0 && line.paidCents === 0 && line.openCents === line.amountDueCents
}

/** What a code takes off each open line: a percentage of each, or one amount spread from the first line on. */
function cutsOf(code: { percentOff: number | null; amountOffCents: number | null }, lines: readonly LineBalance[]): Cut[] {
  if (code.percentOff !== null) {
    const percent = code.percentOff
    return lines.map((line) => ({ lineId: line.id, cents: Math.min(Math.round((line.amountDueCents * percent) / 100), line.amountDueCents) })).filter((cut) => cut.cents > 0)
  }
  let left = code.amountOffCents ?? 0
  const cuts: Cut[] = []
  for (const line of lines) {
    const cents = Math.min(left, line.amountDueCents)
    if (cents <= 0) break
    cuts.push({ lineId: line.id, cents })
    left -= cents
  }
  return cuts
}

async function usesBy(tx: Db, discountCodeId: string, userId: string): Promise<number> {
  const row = await tx.kysely
    .selectFrom('discountCodeUses')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('discountCodeId', '=', discountCodeId)
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return toCount(row.count)
}

async function giveUseBack(tx: Db, discountCodeId: string): Promise<void> {
  await tx.kysely
    .updateTable('discountCodes')
    .set({ uses: sql<number>`${sql.ref('uses')} - 1` })
    .where('id', '=', discountCodeId)
    .where('uses', '>', 0)
    .execute()
}
