import { CompiledQuery, sql, type Compilable } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { lapsedDue } from '../../core/registrations/waitlist.ts'

/**
 * Migration 0014 leaves most registrations out of two indexes. A partial index serves only the
 * queries whose conditions imply its own, so the queries that need them are checked here.
 */
let testDb: TestDb
beforeAll(async () => {
  testDb = await createTestDb()
})
afterAll(() => testDb.drop())

/** The database's plan for a query, as text; on PostgreSQL with table scans priced out, as tables here are tiny. */
async function plan(query: Compilable): Promise<string> {
  const { sql: text, parameters } = query.compile()
  const { db } = testDb
  if (db.dialect === 'sqlite') {
    const { rows } = await db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]))
    return rows.map((row) => row.detail).join('\n')
  }
  return db.kysely.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx)
    const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${text}`, [...parameters]))
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  })
}

test('offers and held places past their time are found through the index of lapsing registrations (0021)', async () => {
  expect(await plan(lapsedDue(testDb.db, new Date()))).toContain('registrations_lapsing_due')
})

test("a team's registrations are found through the index of team registrations", async () => {
  const roster = testDb.db.kysely.selectFrom('registrations').select('id').where('teamId', '=', 'a-team')
  expect(await plan(roster)).toContain('registrations_teamId_idx')
})
