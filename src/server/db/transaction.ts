import type { Db } from './connect.ts'

/**
 * Runs `work` in one transaction, handing it a Db whose queries all join that transaction,
 * so query functions compose without knowing whether they are inside one.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute((trx) => work({ ...db, kysely: trx }))
}
