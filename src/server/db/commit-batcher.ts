import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.ts'

type Work = (trx: Transaction<Database>) => Promise<unknown>

interface Queued {
  work: Work
  resolve(value: unknown): void
  reject(error: unknown): void
}

/** How many transactions may share one commit. */
const MAX_BATCH = 256

/**
 * Group commit for the embedded database. SQLite runs one writer at a time and, with
 * `synchronous=FULL`, every COMMIT waits for the disk (about 2 ms here: some 475 commits a
 * second). Transactions that arrive while one is running wait in a queue; the next round runs
 * them all inside ONE database transaction, each in its own savepoint, and commits once.
 * A failing unit rolls back to its savepoint alone; every caller is answered only after the
 * commit is durable, so an acknowledged write is never lost (docs/decisions/0006).
 */
export function createCommitBatcher(kysely: Kysely<Database>) {
  const queue: Queued[] = []
  let draining = false

  // better-sqlite3 answers synchronously, so a request can run from its first read to its
  // commit without ever giving the event loop back, and the next request would not even be
  // read from its socket until then. Waiting for setImmediate lets every request that has
  // arrived reach its transaction first, so they share the commit.
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        await nextTurn()
        await runBatch()
      }
    } finally {
      draining = false
    }
  }

  async function runBatch(): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = []
    let batch: Queued[] = []
    let trx
    try {
      trx = await kysely.startTransaction().execute()
      // Taken only once the connection is ours: everything that queued while we waited for
      // it shares this commit.
      batch = queue.splice(0, MAX_BATCH)
      for (const item of batch) {
        const unit = await trx.savepoint('unit').execute()
        try {
          const value = await item.work(unit)
          await unit.releaseSavepoint('unit').execute()
          outcomes.push({ ok: true, value })
        } catch (error) {
          await unit.rollbackToSavepoint('unit').execute()
          await unit.releaseSavepoint('unit').execute()
          outcomes.push({ ok: false, error })
        }
      }
      await trx.commit().execute()
    } catch (error) {
      await trx?.rollback().execute().catch(() => undefined)
      // Could not even begin: fail the transactions that were waiting for this round.
      if (batch.length === 0) batch = queue.splice(0, MAX_BATCH)
      for (const item of batch) item.reject(error)
      return
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) item.resolve(outcome.value)
      else item.reject(outcome.error)
    })
  }

  return {
    /** Transactions waiting for their turn. */
    pending: () => queue.length,
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
        if (!draining) {
          draining = true
          void drain()
        }
      })
    },
  }
}

export type CommitBatcher = ReturnType<typeof createCommitBatcher>
