import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, timestampParam, toBool, toIso } from '../../db/values.ts'
import { earlyBirdOf, planOf, productChanged, sizesOf, type ProductState } from '../../core/payments/products.queries.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import type { ProductPurpose } from '../../../shared/schemas/product.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { OFFERING_KINDS } from '../../../shared/schemas/registration.ts'

/** The kinds of places the price list names as a product's uses (the others are priced by one of these). */
const LISTED_KINDS = OFFERING_KINDS.filter((kind) => OFFERING_KIND_WORDS[kind].priceListUse !== null)

/** What the product form sets: a product without its id, and an extra's fees when they change. */
export type ProductSettings = Omit<ProductState, 'id'> & { goesWith?: readonly string[] }

/** The price list (issue 24): every product, offered ones first, with where it is used and its changes. */
export async function listProductsForAdmin(db: Db, only?: string): Promise<Product[]> {
  let products = db.kysely
    .selectFrom('products')
    .select(['id', 'name', 'purpose', 'listPriceCents', 'earlyBirdPriceCents', 'earlyBirdUntil', 'familyDiscountPercent', 'planDepositCents', 'planDueDates', 'sizes', 'lateSignUpPrice', 'isActive'])
    .orderBy('isActive', 'desc')
    .orderBy('name')
    .orderBy('id')
  if (only) products = products.where('id', '=', only)
  const rows = await products.execute()
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [uses, changes, fees] = await Promise.all([
    db.kysely
      .selectFrom('offerings as o')
      .innerJoin('offeringFacts as f', 'f.offeringId', 'o.id')
      .select(['o.productId', 'o.kind', 'f.ownerId', 'f.name'])
      .where('o.productId', 'in', ids)
      .where('o.kind', 'in', LISTED_KINDS)
      .orderBy('o.createdAt')
      .execute(),
    db.kysely
      .selectFrom('productChanges as c')
      .leftJoin('users as u', 'u.id', 'c.changedBy')
      .select(['c.productId', 'c.changedAt', 'u.displayName', 'c.name', 'c.listPriceCents', 'c.earlyBirdPriceCents', 'c.earlyBirdUntil', 'c.familyDiscountPercent', 'c.planDepositCents', 'c.planDueDates', 'c.sizes', 'c.lateSignUpPrice', 'c.isActive'])
      .where('c.productId', 'in', ids)
      .orderBy('c.changedAt', 'desc')
      .orderBy('c.id')
      .execute(),
    db.kysely.selectFrom('extraProducts as x').innerJoin('products as p', 'p.id', 'x.productId').select(['x.extraId', 'p.id', 'p.name']).where('x.extraId', 'in', ids).orderBy('p.name').execute(),
  ])
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    purpose: row.purpose,
    listPriceCents: row.listPriceCents,
    earlyBird: earlyBirdOf(row),
    familyDiscountPercent: row.familyDiscountPercent,
    plan: planOf(row),
    lateSignUpPrice: row.lateSignUpPrice,
    sizes: sizesOf(row.sizes),
    goesWith: fees.filter((f) => f.extraId === row.id).map((f) => ({ id: f.id, name: f.name })),
    isActive: toBool(row.isActive),
    usedBy: uses.filter((u) => u.productId === row.id).map((u) => ({ kind: u.kind, id: u.ownerId, name: u.name })),
    history: changes
      .filter((c) => c.productId === row.id)
      .map((c) => ({ at: toIso(c.changedAt), byName: c.displayName, name: c.name, listPriceCents: c.listPriceCents, earlyBird: earlyBirdOf(c), familyDiscountPercent: c.familyDiscountPercent, plan: planOf(c), lateSignUpPrice: c.lateSignUpPrice, sizes: sizesOf(c.sizes), isActive: toBool(c.isActive) })),
  }))
}

export async function findProductForAdmin(db: Db, productId: string): Promise<Product | undefined> {
  return (await listProductsForAdmin(db, productId))[0]
}

/** Holds a product's row (PostgreSQL; SQLite runs one transaction at a time): what the caller reads next is what its change replaces. */
export async function holdProduct(tx: Db, productId: string): Promise<void> {
  if (tx.dialect === 'postgres') await tx.kysely.selectFrom('products').select('id').where('id', '=', productId).forUpdate().execute()
}

/** Adds a product, its first history row naming who made it. */
export async function createProduct(db: Db, { goesWith, ...settings }: ProductSettings, change: { by: string; now: Date }): Promise<Product> {
  const id = randomUUID()
  const at = timestampParam(db.dialect, change.now)
  await inTransaction(db, async (tx) => {
    await tx.kysely
      .insertInto('products')
      .values({ id, ...settings, purpose: settings.purpose satisfies ProductPurpose, isActive: boolParam(tx.dialect, settings.isActive), createdAt: at, updatedAt: at })
      .execute()
    await productChanged(tx, { id, ...settings }, change).execute()
    if (goesWith) await setFees(tx, id, goesWith)
  })
  return (await findProductForAdmin(db, id))!
}

/**
 * Changes a product and keeps the change. What people already owe is on their order lines, with
 * the price of the day they registered: a new price is for registrations from now on.
 */
export async function updateProduct(db: Db, productId: string, { goesWith, ...settings }: ProductSettings, change: { by: string; now: Date }): Promise<Product | undefined> {
  const changed = await inTransaction(db, async (tx) => {
    const updated = await tx.kysely
      .updateTable('products')
      .set({ ...settings, isActive: boolParam(tx.dialect, settings.isActive), updatedAt: timestampParam(tx.dialect, change.now) })
      .where('id', '=', productId)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return false
    await productChanged(tx, { id: productId, ...settings }, change).execute()
    if (goesWith) await setFees(tx, productId, goesWith)
    return true
  })
  return changed ? findProductForAdmin(db, productId) : undefined
}

/** The fees an extra goes with, replaced by `productIds`. */
async function setFees(tx: Db, extraId: string, productIds: readonly string[]): Promise<void> {
  await tx.kysely.deleteFrom('extraProducts').where('extraId', '=', extraId).execute()
  if (productIds.length > 0) await tx.kysely.insertInto('extraProducts').values([...new Set(productIds)].map((productId) => ({ extraId, productId }))).execute()
}
