import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inList, timestampParam } from '../../db/values.ts'
import { href } from '../../../shared/paths.ts'

/**
 * The unsubscribe link at the foot of a staff message (docs/decisions/0031): an opaque random
 * token per address (24 bytes, 32 characters of base64url), kept in `unsubscribeTokens`, so the
 * link names no address in access logs, and nobody makes one for another address. An address
 * keeps its token: every message to it carries the same link.
 */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${href('unsubscribe', { token })}`
}

/** The token of each address (lower-cased), made for those that have none yet; in the caller's transaction when it has one. */
export async function unsubscribeTokensOf(db: Db, addresses: readonly string[], now: Date): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map()
  const createdAt = timestampParam(db.dialect, now)
  // Two messages' batches may reach one new address at once: the second insert does nothing, and both read the first's token.
  await db.kysely
    .insertInto('unsubscribeTokens')
    .values(addresses.map((address) => ({ token: randomBytes(24).toString('base64url'), address, createdAt })))
    .onConflict((oc) => oc.column('address').doNothing())
    .execute()
  const rows = await db.kysely.selectFrom('unsubscribeTokens').select(['address', 'token']).where(inList(db.dialect, 'address', addresses)).execute()
  return new Map(rows.map((r) => [r.address, r.token]))
}

/** The address a token was made for, or null when it was not made here (changed, cut, made up, or signed as links were before migration 0044). */
export async function addressOfUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const row = await db.kysely.selectFrom('unsubscribeTokens').select('address').where('token', '=', token).executeTakeFirst()
  return row?.address ?? null
}
