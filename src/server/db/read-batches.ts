import type { Db } from './connect.ts'
import { createCoalescer, type Coalescer } from './coalescer.ts'

/**
 * A read every request makes — its session, the offering it asks for, its signed waiver — done
 * for all the requests that arrive together in one statement (docs/decisions/0006): while one
 * batch is being read, the next requests wait, and the next batch reads them all. Each read
 * still sees what was committed after its request arrived, as reading alone would. Inside a
 * transaction a read runs alone, in it.
 *
 * `readMany` answers one value per key, in order. Each database connection keeps its own batches,
 * and the requests waiting for them count in its backlog (the overload guard's measure).
 */
export function batchedRead<K, V>(readMany: (db: Db, keys: readonly K[]) => Promise<V[]>): (db: Db, key: K) => Promise<V> {
  const batchesOf = new WeakMap<Db['kysely'], Coalescer<K, V>>()
  return async (db, key) => {
    if (db.kysely.isTransaction) return (await readMany(db, [key]))[0]!
    let batches = batchesOf.get(db.kysely)
    if (!batches) {
      batches = createCoalescer(async (take) => (await readMany(db, take())).map((value) => ({ ok: true as const, value })))
      batchesOf.set(db.kysely, batches)
      db.countInBacklog(batches.pending)
    }
    return batches.run('', key)
  }
}
