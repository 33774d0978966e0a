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

export function createSignInThrottle(db: Db, now: () => Date = () => new Date()) {
  const key = (email: string) => email.trim().toLowerCase()

  return {
    async check(email: string): Promise<ThrottleState> {
      const row = await db.kysely
        .selectFrom('signInFailures')
        .select(['failures', 'firstFailedAt', 'lockedUntil'])
        .where('email', '=', key(email))
        .executeTakeFirst()
      const at = now().getTime()
      if (!row) return { locked: false, delayMs: 0 }
      if (row.lockedUntil && new Date(toIso(row.lockedUntil)).getTime() > at) {
        return { locked: true, retryAfterSeconds: Math.ceil((new Date(toIso(row.lockedUntil)).getTime() - at) / 1000) }
      }
      if (at - new Date(toIso(row.firstFailedAt)).getTime() > THROTTLE.windowMs) return { locked: false, delayMs: 0 }
      const over = row.failures - THROTTLE.slowAfter + 1
      return { locked: false, delayMs: over > 0 ? over * THROTTLE.slowStepMs : 0 }
    },

    /** Counts one failure atomically; the failure that reaches the limit sets the lock. */
    async recordFailure(email: string): Promise<void> {
      const at = now()
      const windowStart = timestampParam(db.dialect, new Date(at.getTime() - THROTTLE.windowMs))
      const atParam = timestampParam(db.dialect, at)
      await inTransaction(db, async ({ kysely: trx }) => {
        await trx
          .insertInto('signInFailures')
          .values({ email: key(email), failures: 0, firstFailedAt: atParam, lockedUntil: null })
          .onConflict((oc) => oc.column('email').doNothing())
          .execute()
        // A stale window (or an expired lock) starts counting afresh.
        await trx
          .updateTable('signInFailures')
          .set({ failures: 0, firstFailedAt: atParam, lockedUntil: null })
          .where('email', '=', key(email))
          .where('firstFailedAt', '<', windowStart)
          .execute()
        const row = await trx
          .updateTable('signInFailures')
          .set((eb) => ({ failures: eb('failures', '+', 1) }))
          .where('email', '=', key(email))
          .returning('failures')
          .executeTakeFirstOrThrow()
        if (row.failures >= THROTTLE.lockAfter) {
          await trx
            .updateTable('signInFailures')
            .set({ lockedUntil: timestampParam(db.dialect, new Date(at.getTime() + THROTTLE.lockMs)) })
            .where('email', '=', key(email))
            .execute()
        }
      })
    },

    async recordSuccess(email: string): Promise<void> {
      await db.kysely.deleteFrom('signInFailures').where('email', '=', key(email)).execute()
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
