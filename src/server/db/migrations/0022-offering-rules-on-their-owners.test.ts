import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { oldLeague } from '../../../../tests/old-rows.ts'
import { findLeagueOffering } from '../../features/registrations/league-places.ts'
import { migrateToLatest } from '../migrate.ts'

/**
 * Migration 0022 writes on each league what was derived from its sport: Kids Sports leagues take
 * children, every league asks for the waiver, and the engine reads both from the row.
 */
let testDb: TestDb
let old: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before this migration has no types any more

beforeAll(async () => {
  testDb = await createTestDb({ upTo: '0021-places-held-for-payment' })
  old = testDb.db.kysely as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any
})
afterAll(() => testDb.drop())

test('Kids Sports leagues take children and the others adults, each with the waiver required, as before the migration', async () => {
  const { db } = testDb
  await oldLeague(old, db.dialect, 'kids-league', { name: 'Little Kickers', sport: 'kids', minAge: 5, maxAge: 8 })
  await oldLeague(old, db.dialect, 'adult-league', { name: 'Adult Soccer', sport: 'soccer' })

  await migrateToLatest(db)

  expect(await findLeagueOffering(db, 'kids-league')).toMatchObject({ forChildren: true, waiverRequired: true, minAge: 5, maxAge: 8 })
  expect(await findLeagueOffering(db, 'adult-league')).toMatchObject({ forChildren: false, waiverRequired: true })
})
