import type { Db } from '../db/connect.ts'
import { inTransaction } from '../db/transaction.ts'
import { timestampParam, toIso } from '../db/values.ts'

/**
 * Sign-in throttling that stops guessing without letting anyone lock an owner out
 * (docs/decisions/0011). Failures are counted in buckets, whether or not the email has an
 * account, so the answers never tell which emails are registered:
 *
 * - a browser that signed in to the account before (known-device.ts) has its own bucket, so
 *   nobody else's guesses lock it;
 * - any other browser counts against its address for that account (which locks: an attacker's
 *   address locks only itself), and against the account as a whole, which never locks — failures
 *   there only make every unknown browser wait a little longer, up to a few seconds — so no
 *   number of strangers can keep the owner out (issue 21).
 *
 * Failures within the window first slow the answer down, then lock the bucket (but the account's).
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  /** From this many failures in a bucket on, each attempt waits a little longer. */
  slowAfter: 3,
  slowStepMs: 500,
  /** This many failures lock a known browser, or an address trying one account. */
  lockAfter: 6,
  /** From this many failures on the account from browsers it does not know, theirs wait: doubling from `slowStepMs`... */
  accountSlowAfter: 10,
  /** ...up to this, however many guesses come. */
  accountDelayCapMs: 8_000,
  lockMs: 15 * 60_000,
} as const

/** Who is trying: a browser that signed in to this account before, or anyone at an address. */
export type SignInSource = { deviceId: string } | { address: string }

export type ThrottleState = { locked: true; retryAfterSeconds: number } | { locked: false; delayMs: number }

interface Bucket {
  key: string
  /** Failures that lock it; null for one that never locks and only slows attempts down. */
  lockAfter: number | null
  delayMs(failures: number): number
}

const slowDown = (failures: number) => Math.max(0, failures - THROTTLE.slowAfter) * THROTTLE.slowStepMs
const accountSlowDown = (failures: number) =>
  failures <= THROTTLE.accountSlowAfter ? 0 : Math.min(THROTTLE.accountDelayCapMs, THROTTLE.slowStepMs * 2 ** (failures - THROTTLE.accountSlowAfter - 1))

/** The buckets an attempt counts in; it waits as long as the slowest asks. */
function bucketsOf(email: string, source: SignInSource): Bucket[] {
  if ('deviceId' in source) return [{ key: `device:${source.deviceId}`, lockAfter: THROTTLE.lockAfter, delayMs: slowDown }]
  return [
    { key: `address:${source.address} ${email}`, lockAfter: THROTTLE.lockAfter, delayMs: slowDown },
    { key: `account:${email}`, lockAfter: null, delayMs: accountSlowDown },
  ]
}

/** Thrown inside the transaction to undo the counts already taken when a later bucket is locked. */
class Locked extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('locked')
  }
}

/**
 * Each attempt is counted *before* its password is checked, in one transaction: so however many
 * guesses arrive at once, on any instance, at most a bucket's limit of them are ever checked in a
 * window (issue 9, item 3). Buckets are always taken in the same order, so two attempts never
 * wait for each other's rows. A correct password clears the counts.
 */
export function createSignInThrottle(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Takes one attempt for `email` (normalised) from `source`: refused while locked, otherwise how long to wait first. */
    async reserve(email: string, source: SignInSource): Promise<ThrottleState> {
      const at = now()
      const atParam = timestampParam(db.dialect, at)
      const windowStart = timestampParam(db.dialect, new Date(at.getTime() - THROTTLE.windowMs))
      const lockedUntil = timestampParam(db.dialect, new Date(at.getTime() + THROTTLE.lockMs))
      try {
        return await inTransaction(db, async ({ kysely: trx }) => {
          let delayMs = 0
          for (const bucket of bucketsOf(email, source)) {
            await trx
              .insertInto('signInFailures')
              .values({ bucket: bucket.key, failures: 0, firstFailedAt: atParam, lockedUntil: null })
              .onConflict((oc) => oc.column('bucket').doNothing())
              .execute()
            // A stale window, or a lock that has ended, starts counting afresh.
            await trx
              .updateTable('signInFailures')
              .set({ failures: 0, firstFailedAt: atParam, lockedUntil: null })
              .where('bucket', '=', bucket.key)
              .where((eb) => eb.or([eb('lockedUntil', '<=', atParam), eb.and([eb('lockedUntil', 'is', null), eb('firstFailedAt', '<', windowStart)])]))
              .execute()
            let take = trx
              .updateTable('signInFailures')
              .set((eb) => ({ failures: eb('failures', '+', 1) }))
              .where('bucket', '=', bucket.key)
            if (bucket.lockAfter !== null) take = take.where('failures', '<', bucket.lockAfter)
            const taken = await take.returning('failures').executeTakeFirst()
            if (!taken) {
              const row = await trx.selectFrom('signInFailures').select('lockedUntil').where('bucket', '=', bucket.key).executeTakeFirstOrThrow()
              const until = row.lockedUntil ? new Date(toIso(row.lockedUntil)).getTime() : at.getTime() + THROTTLE.lockMs
              throw new Locked(Math.max(1, Math.ceil((until - at.getTime()) / 1000)))
            }
            // The attempt that uses up the window's last guess locks the bucket for what follows.
            if (bucket.lockAfter !== null && taken.failures >= bucket.lockAfter) {
              await trx.updateTable('signInFailures').set({ lockedUntil }).where('bucket', '=', bucket.key).execute()
            }
            delayMs = Math.max(delayMs, bucket.delayMs(taken.failures))
          }
          return { locked: false, delayMs } as const
        })
      } catch (error) {
        if (error instanceof Locked) return { locked: true, retryAfterSeconds: error.retryAfterSeconds }
        throw error
      }
    },

    /** The right password: the attempts counted for this source and for the account are forgotten. */
    async recordSuccess(email: string, source: SignInSource): Promise<void> {
      const keys = [...bucketsOf(email, source).map((b) => b.key), `account:${email}`]
      await db.kysely.deleteFrom('signInFailures').where('bucket', 'in', keys).execute()
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
