import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { timestampParam } from '../../db/values.ts'

/**
 * A team's or an academy's private calendar feed (issue 33, migration 0047): the link's token is
 * 24 random bytes (32 characters of base64url), made the first time someone entitled asks for the
 * link, and replaced when staff (or a team's captain) regenerate it, which ends the old link.
 */
export type FeedOwner = { kind: 'team' | 'academy'; id: string }

const newToken = () => randomBytes(24).toString('base64url')

/** The owner's token, made now when it has none; two first asks at once both read the one kept. */
export async function feedTokenOf(db: Db, owner: FeedOwner, now: Date): Promise<string> {
  await db.kysely
    .insertInto('calendarFeeds')
    .values({ ownerKind: owner.kind, ownerId: owner.id, token: newToken(), createdAt: timestampParam(db.dialect, now) })
    .onConflict((oc) => oc.columns(['ownerKind', 'ownerId']).doNothing())
    .execute()
  const row = await db.kysely.selectFrom('calendarFeeds').select('token').where('ownerKind', '=', owner.kind).where('ownerId', '=', owner.id).executeTakeFirstOrThrow()
  return row.token
}

/** A new token for the owner: the old link stops working at once. */
export async function regenerateFeedToken(db: Db, owner: FeedOwner, now: Date): Promise<string> {
  const token = newToken()
  const createdAt = timestampParam(db.dialect, now)
  await db.kysely
    .insertInto('calendarFeeds')
    .values({ ownerKind: owner.kind, ownerId: owner.id, token, createdAt })
    .onConflict((oc) => oc.columns(['ownerKind', 'ownerId']).doUpdateSet({ token, createdAt }))
    .execute()
  return token
}

/** Whose feed a token opens, or undefined for a token never made, or replaced. */
export async function feedOwnerOf(db: Db, token: string): Promise<FeedOwner | undefined> {
  const row = await db.kysely.selectFrom('calendarFeeds').select(['ownerKind', 'ownerId']).where('token', '=', token).executeTakeFirst()
  return row && { kind: row.ownerKind, id: row.ownerId }
}
