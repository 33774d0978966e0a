import { randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/connect.ts'
import { timestampParam, toCount } from '../db/values.ts'
import { tooMany } from '../core/refusals.ts'
import { inTransaction } from '../db/transaction.ts'

/**
 * The most password links one account is given in an hour and in 24 hours (PASSWORD_LINKS_PER_HOUR,
 * PASSWORD_LINKS_PER_DAY; docs/decisions/0016): enough for a customer who lost an email or let a
 * link lapse, too few to fill an inbox.
 */
export interface LinkLimits {
  perHour: number
  perDay: number
}

/**
 * What a staff-made link needs of the authentication library (auth.ts): its store of one-time
 * values, where the library looks a password link's token up.
 */
interface VerificationStore {
  $context: Promise<{ internalAdapter: { createVerificationValue(data: { value: string; identifier: string; expiresAt: Date }): Promise<unknown> } }>
}

/** How the authentication library names a password link's row in `verifications`; its value is the user id. */
const RESET_PREFIX = 'reset-password:'

/**
 * A link to choose a password, made by staff (the desk, an admin's /admin/users) exactly as the
 * authentication library makes the one Forgot Password emails: a one-time token stored as its
 * verification value, accepted once by /resetPassword until it expires. It is the account's only
 * live link: the ones made before it end. Refused (429) past the account's limit, in words for
 * the staff member who asked (`who` is what they call the account). `then` runs in the
 * transaction that stores the link's row: its email and its audit entry (core/audit.ts) commit
 * with it. The token itself is the library's write, made just before.
 */
export async function passwordLinkToken(
  auth: VerificationStore,
  db: Db,
  { userId, madeBy, now, validHours, limits, who }: { userId: string; madeBy: string; now: Date; validHours: number; limits: LinkLimits; who: 'customer' | 'account' },
  then?: (tx: Db, token: string) => Promise<void>,
): Promise<{ token: string; expiresAt: Date }> {
  const reached = await linkLimitReached(db, userId, now, limits)
  if (reached) throw tooMany(limitMessage(reached, limits, who))
  const { internalAdapter } = await auth.$context
  const token = randomBytes(18).toString('base64url')
  const expiresAt = new Date(now.getTime() + validHours * 3_600_000)
  await internalAdapter.createVerificationValue({ value: userId, identifier: `${RESET_PREFIX}${token}`, expiresAt })
  await inTransaction(db, async (tx) => {
    await madePasswordLink(tx, { userId, token, madeBy, now })
    await then?.(tx, token)
  })
  return { token, expiresAt }
}

/**
 * Records a link just made and ends the account's others. Ending them after the new one is
 * stored means two links made at once leave at most one alive, never two.
 */
export async function madePasswordLink(db: Db, { userId, token, madeBy, now }: { userId: string; token: string; madeBy: string | null; now: Date }): Promise<void> {
  await endPasswordLinks(db, userId, token)
  await db.kysely.insertInto('passwordLinks').values({ id: randomUUID(), userId, madeBy, createdAt: timestampParam(db.dialect, now) }).execute()
}

/**
 * A link Forgot Password has just stored (the authentication library makes it): counted and made
 * the account's only one, or, past the account's limit, dropped. False means send nothing; the
 * person is answered the same either way, so the answer tells nobody about the account.
 */
export async function forgotPasswordLink(db: Db, { userId, token, now, limits }: { userId: string; token: string; now: Date; limits: LinkLimits }): Promise<boolean> {
  if (await linkLimitReached(db, userId, now, limits)) {
    await db.kysely.deleteFrom('verifications').where('identifier', '=', `${RESET_PREFIX}${token}`).execute()
    return false
  }
  await madePasswordLink(db, { userId, token, madeBy: null, now })
  return true
}

/**
 * Ends every outstanding password link of an account but `except`: called whenever its password
 * is set, however (a link, the Account page, the command line), so no older link sets it again.
 */
export async function endPasswordLinks(db: Db, userId: string, except?: string): Promise<void> {
  let query = db.kysely.deleteFrom('verifications').where('identifier', 'like', `${RESET_PREFIX}%`).where('value', '=', userId)
  if (except !== undefined) query = query.where('identifier', '!=', `${RESET_PREFIX}${except}`)
  await query.execute()
}

/**
 * Whether a password was ever set on the account. A walk-in's account (the desk) is made with
 * none: its credential row holds no password until the customer chooses one from a link.
 */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select('id')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .where('password', 'is not', null)
    .executeTakeFirst()
  return row !== undefined
}

/** The account a password link's token belongs to, while the link is live. */
export async function passwordLinkHolder(db: Db, token: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('verifications').select('value').where('identifier', '=', `${RESET_PREFIX}${token}`).executeTakeFirst()
  return row?.value
}

/** Which limit the account's links have reached at `now`, or undefined while another may be made. */
export async function linkLimitReached(db: Db, userId: string, now: Date, limits: LinkLimits): Promise<'hour' | 'day' | undefined> {
  const since = (ms: number) => timestampParam(db.dialect, new Date(now.getTime() - ms))
  const { hour, day } = await db.kysely
    .selectFrom('passwordLinks')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('createdAt', '>', since(3_600_000)).then(1).else(0).end()).as('hour'),
      eb.fn.countAll<number>().as('day'),
    ])
    .where('userId', '=', userId)
    .where('createdAt', '>', since(86_400_000))
    .executeTakeFirstOrThrow()
  if (toCount(day) >= limits.perDay) return 'day'
  if (toCount(hour) >= limits.perHour) return 'hour'
  return undefined
}

function limitMessage(reached: 'hour' | 'day', limits: LinkLimits, who: 'customer' | 'account'): string {
  const [count, when, most, again] =
    reached === 'hour' ? [limits.perHour, 'in the last hour', 'the most the site makes', 'in an hour'] : [limits.perDay, 'in the last 24 hours', 'the most the site makes in a day', 'tomorrow']
  return `This ${who} has had ${count} password links ${when}, ${most}. Ask them to use the newest one (and to look in their spam folder), or make another ${again}.`
}
