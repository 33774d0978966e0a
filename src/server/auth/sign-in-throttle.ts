import type { Db } from '../db/connect.ts'
import { inTransaction } from '../db/transaction.ts'
import { timestampParam, toIso } from '../db/values.ts'

/**
 * Per-account sign-in throttling, keyed by the email as typed (lower-cased) whether or not an
 * account exists, so the answers never tell which emails are registered.
 * Failures within the window first slow the answer down, then lock the address.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  /** From this many failures on, each attempt waits a little longer. */
  slowAfter: 3,
  slowStepMs: 500,
  /** This many failures lock the address for lockMs. */
  lockAfter: 6,
  lockMs: 15 * 60_000,
} as const

export type ThrottleState = { locked: true; retryAfterSeconds: number } | { locked: false; delayMs: number }

/**
 * Each attempt is counted *before* its password is checked, in one transaction: so however many
 * guesses arrive at once, on any instance, at most `lockAfter` of them are ever checked in a
 * window (issue 9, item 3). A correct password clears the count.
 */
export function createSignInThrottle(db: Db, now: () => Date = () => new Date()) {
  const key = (email: string) => email.trim().toLowerCase()

  return {
    /** Takes one attempt for `email`: refused while locked, otherwise how long to wait first. */
    async reserve(email: string): Promise<ThrottleState> {
      const at = now()
      const atParam = timestampParam(db.dialect, at)
      const windowStart = timestampParam(db.dialect, new Date(at.getTime() - THROTTLE.windowMs))
      return inTransaction(db, async ({ kysely: trx }) => {
        await trx
          .insertInto('signInFailures')
          .values({ email: key(email), failures: 0, firstFailedAt: atParam, lockedUntil: null })
          .onConflict((oc) => oc.column('email').doNothing())
          .execute()
        // A stale window, or a lock that has ended, starts counting afresh.
        await trx
          .updateTable('signInFailures')
          .set({ failures: 0, firstFailedAt: atParam, lockedUntil: null })
          .where('email', '=', key(email))
          .where((eb) => eb.or([eb('lockedUntil', '<=', atParam), eb.and([eb('lockedUntil', 'is', null), eb('firstFailedAt', '<', windowStart)])]))
          .execute()
        const taken = await trx
          .updateTable('signInFailures')
          .set((eb) => ({ failures: eb('failures', '+', 1) }))
          .where('email', '=', key(email))
          .where('failures', '<', THROTTLE.lockAfter)
          .returning('failures')
          .executeTakeFirst()
        if (!taken) {
          const row = await trx.selectFrom('signInFailures').select('lockedUntil').where('email', '=', key(email)).executeTakeFirstOrThrow()
          const until = row.lockedUntil ? new Date(toIso(row.lockedUntil)).getTime() : at.getTime() + THROTTLE.lockMs
          return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((until - at.getTime()) / 1000)) }
        }
        // The attempt that uses up the window's last guess locks the address for what follows.
        if (taken.failures >= THROTTLE.lockAfter) {
          await trx
            .updateTable('signInFailures')
            .set({ lockedUntil: timestampParam(db.dialect, new Date(at.getTime() + THROTTLE.lockMs)) })
            .where('email', '=', key(email))
            .execute()
        }
        return { locked: false, delayMs: Math.max(0, taken.failures - THROTTLE.slowAfter) * THROTTLE.slowStepMs }
      })
    },

    /** The right password: the attempts counted for this email are forgotten. */
    async recordSuccess(email: string): Promise<void> {
      await db.kysely.deleteFrom('signInFailures').where('email', '=', key(email)).execute()
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
