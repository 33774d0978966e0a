import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Camps (issue 31 §2): a day, or a few days of a school break, for children by their age on the
 * first day, at the same hours each day. Its places and price are a `camp-place` offering with a
 * product, as an academy's are (docs/decisions/0012). The view of every offering's facts
 * (migration 0037) is made again with camps in it: a camp meets every weekday from its first day
 * to its last, none skipped.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('camps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('coach', 'text')
    .addColumn('location', 'text')
    .addColumn('isActive', t.bool, (c) => c.notNull())
    .addColumn('minAge', 'integer', (c) => c.notNull())
    .addColumn('maxAge', 'integer', (c) => c.notNull())
    .addColumn('startTime', 'text', (c) => c.notNull())
    .addColumn('endTime', 'text', (c) => c.notNull())
    .addColumn('registrationDate', 'text', (c) => c.notNull())
    .addColumn('registrationDeadline', 'text')
    .addColumn('startDate', 'text', (c) => c.notNull())
    .addColumn('endDate', 'text', (c) => c.notNull())
    .addColumn('waiverRequired', t.bool, (c) => c.notNull())
    .addColumn('payAtSignUp', t.bool, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('camps_isActive_startDate_idx').on('camps').columns(['isActive', 'startDate']).execute()

  await db.schema.alterTable('offerings').addColumn('campId', 'text', (c) => c.references('camps.id').onDelete('cascade')).execute()
  await db.schema.createIndex('offerings_campId_idx').on('offerings').column('campId').execute()

  await db.schema.dropView('offeringFacts').execute()
  await db.schema
    .createView('offeringFacts')
    .as(
      sql`select o.id as ${sql.ref('offeringId')},
        coalesce(o.${sql.ref('leagueId')}, o.${sql.ref('academyId')}, o.${sql.ref('campId')}) as ${sql.ref('ownerId')},
        coalesce(l.name, a.name, k.name) as name,
        coalesce(l.sport, a.sport, k.sport) as sport,
        coalesce(l.${sql.ref('startDate')}, a.${sql.ref('startDate')}, k.${sql.ref('startDate')}) as ${sql.ref('startDate')},
        coalesce(l.${sql.ref('endDate')}, a.${sql.ref('endDate')}, k.${sql.ref('endDate')}) as ${sql.ref('endDate')},
        coalesce(a.weekdays, case when k.id is null then null else '1,2,3,4,5,6,7' end) as weekdays,
        coalesce(a.${sql.ref('startTime')}, k.${sql.ref('startTime')}) as ${sql.ref('startTime')},
        coalesce(a.${sql.ref('endTime')}, k.${sql.ref('endTime')}) as ${sql.ref('endTime')},
        coalesce(a.${sql.ref('skippedDates')}, case when k.id is null then null else '' end) as ${sql.ref('skippedDates')}
      from offerings o
      left join leagues l on l.id = o.${sql.ref('leagueId')}
      left join academies a on a.id = o.${sql.ref('academyId')}
      left join camps k on k.id = o.${sql.ref('campId')}`,
    )
    .execute()
}
