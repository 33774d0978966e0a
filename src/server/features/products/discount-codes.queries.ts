import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam, toBool, toIso } from '../../db/values.ts'
import type { DiscountCode } from '../../../shared/contracts/discount-codes.ts'

/** What the discount code form sets, in stored values; `productIds` left out keeps the products a code has. */
export interface DiscountCodeSettings {
  /** Upper-cased and trimmed (shared/schemas/discount-code.ts normalCode). */
  code: string
  description: string | null
  percentOff: number | null
  amountOffCents: number | null
  validFrom: string | null
  validUntil: string | null
  maxUses: number | null
  maxUsesPerPerson: number | null
  isActive: boolean
  productIds?: readonly string[]
}

/** Every discount code (issue 24), those that can be used first, with its products, uses and maker. */
export async function listDiscountCodesForAdmin(db: Db, only?: string): Promise<DiscountCode[]> {
  let codes = db.kysely
    .selectFrom('discountCodes as d')
    .leftJoin('users as u', 'u.id', 'd.createdBy')
    .select([
      'd.id',
      'd.code',
      'd.description',
      'd.percentOff',
      'd.amountOffCents',
      'd.validFrom',
      'd.validUntil',
      'd.maxUses',
      'd.maxUsesPerPerson',
      'd.uses',
      'd.isActive',
      'u.displayName as createdByName',
      'd.createdAt',
      'd.updatedAt',
    ])
    .orderBy('d.isActive', 'desc')
    .orderBy('d.code')
  if (only) codes = codes.where('d.id', '=', only)
  const rows = await codes.execute()
  if (rows.length === 0) return []
  const products = await db.kysely
    .selectFrom('discountCodeProducts as dp')
    .innerJoin('products as p', 'p.id', 'dp.productId')
    .select(['dp.discountCodeId', 'p.id', 'p.name'])
    .where(
      'dp.discountCodeId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .execute()
  return rows.map((row) => ({
    ...row,
    usesLeft: row.maxUses === null ? null : Math.max(row.maxUses - row.uses, 0),
    isActive: toBool(row.isActive),
    products: products.filter((p) => p.discountCodeId === row.id).map((p) => ({ id: p.id, name: p.name })),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  }))
}

export async function findDiscountCodeForAdmin(db: Db, discountCodeId: string): Promise<DiscountCode | undefined> {
  return (await listDiscountCodesForAdmin(db, discountCodeId))[0]
}

/** The ids among `productIds` that are not on the price list. */
export async function unknownProducts(db: Db, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return []
  const found = await db.kysely.selectFrom('products').select('id').where('id', 'in', productIds).execute()
  const known = new Set(found.map((p) => p.id))
  return productIds.filter((id) => !known.has(id))
}

/** Adds a code; `taken` when a code of the same text exists (codes are stored upper-cased, so in any letter case). */
export async function createDiscountCode(
  db: Db,
  { productIds = [], ...settings }: DiscountCodeSettings,
  made: { by: string; now: Date; record?: (tx: Db, id: string) => Promise<void> },
): Promise<DiscountCode | 'taken'> {
  const id = randomUUID()
  const at = timestampParam(db.dialect, made.now)
  try {
    await inTransaction(db, async (tx) => {
      await tx.kysely
        .insertInto('discountCodes')
        .values({ id, ...settings, isActive: boolParam(tx.dialect, settings.isActive), createdBy: made.by, createdAt: at, updatedAt: at })
        .execute()
      await setProducts(tx, id, productIds)
      await made.record?.(tx, id)
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
  return (await findDiscountCodeForAdmin(db, id))!
}

/**
 * Changes a code. Its text changes only while it has never been used (`used`): a receipt that
 * names it must keep naming the code the person typed. `taken` when another code has that text.
 */
/** `record`: what else the change writes in its transaction (its audit entry, core/audit.ts). */
export async function updateDiscountCode(
  db: Db,
  discountCodeId: string,
  { productIds, ...settings }: DiscountCodeSettings,
  now: Date,
  record?: (tx: Db) => Promise<void>,
): Promise<DiscountCode | 'used' | 'taken' | undefined> {
  let outcome: 'changed' | 'used' | undefined
  try {
    outcome = await inTransaction(db, async (tx) => {
      const updated = await tx.kysely
        .updateTable('discountCodes')
        .set({ ...settings, isActive: boolParam(tx.dialect, settings.isActive), updatedAt: timestampParam(tx.dialect, now) })
        .where('id', '=', discountCodeId)
        // The same statement that changes the text checks it was never used, so a use at that moment cannot slip between.
        .where((eb) => eb.or([eb('code', '=', settings.code), eb('uses', '=', 0)]))
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) {
        const exists = await tx.kysely.selectFrom('discountCodes').select('id').where('id', '=', discountCodeId).executeTakeFirst()
        return exists ? 'used' : undefined
      }
      if (productIds) await setProducts(tx, discountCodeId, productIds)
      await record?.(tx)
      return 'changed'
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
  return outcome === 'changed' ? findDiscountCodeForAdmin(db, discountCodeId) : outcome
}

async function setProducts(tx: Db, discountCodeId: string, productIds: readonly string[]): Promise<void> {
  await tx.kysely.deleteFrom('discountCodeProducts').where('discountCodeId', '=', discountCodeId).execute()
  const unique = [...new Set(productIds)]
  if (unique.length > 0) {
    await tx.kysely
      .insertInto('discountCodeProducts')
      .values(unique.map((productId) => ({ discountCodeId, productId })))
      .execute()
  }
}
