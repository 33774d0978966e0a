import type { Db } from './connect.ts'

/**
 * Runs `work` in one transaction, handing it a Db whose queries all join that transaction,
 * so query functions compose without knowing whether they are inside one. On SQLite the
 * transaction may share its commit with others that arrived at the same moment
 * (db/commit-batcher.ts); either way `work` sees an isolated, all-or-nothing unit.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const inside = (trx: Db['kysely']): Promise<T> => work({ ...db, kysely: trx, batcher: undefined })
  if (db.batcher) return db.batcher.run(inside)
  return db.kysely.transaction().execute(inside)
}
