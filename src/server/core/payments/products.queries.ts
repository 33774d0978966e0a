import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { timestampParam } from '../../db/values.ts'

/**
 * Who owns a price (issue 22): products are the price list's. A league or an academy points at
 * one; saving it never rewrites a product, which other offerings, orders and the price list may
 * share. A price typed on a league's form that its product does not carry points the league at
 * a new product of that price; the same price keeps the product it has.
 */
export async function productPriced(tx: Db, want: { name: string; priceCents: number; current: string | null; now: Date }): Promise<string> {
  if (want.current) {
    const current = await tx.kysely.selectFrom('products').select('listPriceCents').where('id', '=', want.current).executeTakeFirst()
    if (current?.listPriceCents === want.priceCents) return want.current
  }
  const id = randomUUID()
  const at = timestampParam(tx.dialect, want.now)
  await tx.kysely
    .insertInto('products')
    .values({ id, name: want.name, listPriceCents: want.priceCents, earlyBirdPriceCents: null, earlyBirdUntil: null, createdAt: at, updatedAt: at })
    .execute()
  return id
}
