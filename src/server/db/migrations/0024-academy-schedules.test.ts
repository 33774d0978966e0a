import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb, type TestDb } from '../../../../tests/test-app.ts'
import { findAcademyOffering } from '../../features/academies/academy-kind.ts'
import { listActiveAcademies } from '../../features/academies/academies.queries.ts'
import { boolParam, timestampParam } from '../values.ts'
import { migrateToLatest } from '../migrate.ts'

/**
 * Migration 0024 gives an academy made before it its places and a price, as a league has: no limit
 * and free until staff set them, and no schedule yet.
 */
let testDb: TestDb
let old: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before this migration has no types any more

beforeAll(async () => {
  testDb = await createTestDb({ upTo: '0023-after-commit-jobs' })
  old = testDb.db.kysely as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any
})
afterAll(() => testDb.drop())

test('an academy from before gets unlimited free places and is listed without a schedule', async () => {
  const { db } = testDb
  const at = timestampParam(db.dialect, new Date(Date.UTC(2026, 10, 1, 12)))
  await old
    .insertInto('academies')
    .values({ id: 'old-academy', name: 'Winter Soccer Academy', description: null, isActive: boolParam(db.dialect, true), registrationDate: '2026-11-01', startDate: '2027-01-10', endDate: '2027-03-10', createdAt: at, updatedAt: at })
    .execute()

  await migrateToLatest(db)

  expect(await findAcademyOffering(db, 'old-academy')).toMatchObject({ capacity: null, receiptPrefix: 'OLDACADE' })
  expect((await listActiveAcademies(db)).find((a) => a.id === 'old-academy')).toMatchObject({ sport: null, weekdays: [], startTime: null, sessionDates: [], placesLeft: null, priceCents: 0 })
})
