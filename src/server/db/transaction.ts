import { sql, type OperationNodeSource } from 'kysely'
import type { Db } from './connect.ts'

/**
 * Runs `work` in one transaction, handing it a Db whose queries all join that transaction,
 * so query functions compose without knowing whether they are inside one. Called with a Db that
 * is already a transaction, it joins it: an operation that opens its own transaction (register,
 * record a payment, end a registration) can run inside a caller's, and both commit or roll back
 * together. On SQLite the transaction may share its commit with others that arrived at the same
 * moment (db/commit-batcher.ts); either way `work` sees an isolated, all-or-nothing unit.
 *
 * Inside `work`, wait for nothing but this database: no email, no payment provider, no other
 * service. On SQLite every transaction of a batch runs in turn on one connection, so one network
 * wait would hold them all (and on PostgreSQL it holds row locks). An email leaves through an
 * outbox row written in the transaction (core/outbox.queries.ts) and is sent after commit.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (db.kysely.isTransaction) return work(db)
  const inside = (trx: Db['kysely']): Promise<T> => work({ ...db, kysely: trx, batcher: undefined })
  if (db.batcher) return db.batcher.run(inside)
  return db.kysely.transaction().execute(inside)
}

/** A write that can be sent alone or inside another statement. */
export type Write = OperationNodeSource & { execute(): Promise<unknown> }

/**
 * Writes that need nothing of each other's results, in order, in the caller's transaction. On
 * PostgreSQL they go as one statement, one round trip: a WITH of data-modifying parts, whose
 * foreign keys are checked when the whole statement ends, so a row may name one written beside
 * it. SQLite, with no network between, runs them one after another.
 */
export async function writeTogether(tx: Db, writes: readonly Write[]): Promise<void> {
  if (tx.dialect === 'sqlite' || writes.length <= 1) {
    for (const write of writes) await write.execute()
    return
  }
  const parts = writes.map((write, i) => sql`${sql.id(`write${i}`)} as (${write})`)
  await sql`with ${sql.join(parts)} select 1`.execute(tx.kysely)
}
