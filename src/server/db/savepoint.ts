import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.ts'

/**
 * Runs `work` inside the caller's transaction so that, if it fails, what it wrote is undone and
 * the transaction goes on (PostgreSQL refuses every statement after a failed one until then).
 */
export async function withSavepoint<T>(trx: Kysely<Database>, name: string, work: () => Promise<T>): Promise<T> {
  await sql`savepoint ${sql.id(name)}`.execute(trx)
  try {
    const value = await work()
    await sql`release savepoint ${sql.id(name)}`.execute(trx)
    return value
  } catch (error) {
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx)
    await sql`release savepoint ${sql.id(name)}`.execute(trx)
    throw error
  }
}
