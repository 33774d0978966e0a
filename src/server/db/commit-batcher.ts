import type { Kysely, Transaction } from 'kysely'
import { createCoalescer, type Settled } from './coalescer.ts'
import type { Database } from './schema.ts'
import { withSavepoint } from './savepoint.ts'

type Work = (trx: Transaction<Database>) => Promise<unknown>

/** How many transactions may share one commit. */
const MAX_BATCH = 256

/**
 * Group commit for the embedded database. SQLite runs one writer at a time and, with
 * `synchronous=FULL`, every COMMIT waits for the disk (about 2 ms here: some 475 commits a
 * second). Transactions that arrive while one is running wait (db/coalescer.ts); the next
 * round runs them all inside ONE database transaction, each in its own savepoint, and commits
 * once. A failing unit rolls back to its savepoint alone; every caller is answered only after the
 * commit is durable, so an acknowledged write is never lost (docs/decisions/0006).
 */
export function createCommitBatcher(kysely: Kysely<Database>) {
  const rounds = createCoalescer<Work, unknown>(async (take) => {
    const batch = take()
    const trx = await kysely.startTransaction().execute()
    const outcomes: Settled<unknown>[] = []
    try {
      for (const work of batch) {
        try {
          outcomes.push({ ok: true, value: await withSavepoint(trx, 'unit', () => work(trx)) })
        } catch (error) {
          outcomes.push({ ok: false, error })
        }
      }
      await trx.commit().execute()
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined)
      throw error
    }
    return outcomes
  }, MAX_BATCH)

  return {
    /** Transactions waiting for their turn. */
    pending: rounds.pending,
    run: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => rounds.run('all', work) as Promise<T>,
  }
}

export type CommitBatcher = ReturnType<typeof createCommitBatcher>
