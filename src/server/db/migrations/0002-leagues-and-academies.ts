import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/** Leagues (product §3) and academies; calendar dates are ISO text on both databases. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)

  await db.schema
    .createTable('leagues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('isActive', t.bool, (c) => c.notNull())
    .addColumn('registrationDate', 'text', (c) => c.notNull())
    .addColumn('startDate', 'text', (c) => c.notNull())
    .addColumn('endDate', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('leagues_isActive_idx').on('leagues').column('isActive').execute()

  await db.schema
    .createTable('academies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('isActive', t.bool, (c) => c.notNull())
    .addColumn('registrationDate', 'text', (c) => c.notNull())
    .addColumn('startDate', 'text', (c) => c.notNull())
    .addColumn('endDate', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
}
