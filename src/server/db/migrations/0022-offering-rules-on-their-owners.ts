import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Who may take a place is written on what the place belongs to (issue 22), not derived from the
 * sport or a constant: whether a league or an academy takes children (their ages checked against
 * its range) or account holders, and whether its waiver must be signed first. Academies get the
 * columns admission reads: children or adults, the age range, the waiver, and a registration
 * deadline as leagues have. Existing Kids Sports leagues take children, as they did.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  const no = dialect === 'postgres' ? sql`false` : sql`0`
  const yes = dialect === 'postgres' ? sql`true` : sql`1`
  await db.schema.alterTable('leagues').addColumn('forChildren', t.bool, (c) => c.notNull().defaultTo(no)).execute()
  await db.schema.alterTable('leagues').addColumn('waiverRequired', t.bool, (c) => c.notNull().defaultTo(yes)).execute()
  await sql`update leagues set ${sql.ref('forChildren')} = ${yes} where sport = ${'kids'}`.execute(db)

  await db.schema.alterTable('academies').addColumn('forChildren', t.bool, (c) => c.notNull().defaultTo(yes)).execute()
  await db.schema.alterTable('academies').addColumn('minAge', 'integer').execute()
  await db.schema.alterTable('academies').addColumn('maxAge', 'integer').execute()
  await db.schema.alterTable('academies').addColumn('waiverRequired', t.bool, (c) => c.notNull().defaultTo(yes)).execute()
  await db.schema.alterTable('academies').addColumn('registrationDeadline', 'text').execute()
}
