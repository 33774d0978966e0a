import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Drop-in sessions (issue 31 §2): one session bought on its own, an open-play slot or one session
 * of an academy (`academyId`), for adults or for children by their age on the day. Its spots and
 * price are a `drop-in-place` offering with a product, as a camp's are (docs/decisions/0012); the
 * door's check-ins are kept beside the places they admit. The view of every offering's facts
 * (migrations 0037, 0038) is made again with drop-ins in it: one day, every weekday allowed, so
 * its schedule is that day at its hours.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('dropIns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('academyId', 'text', (c) => c.references('academies.id').onDelete('set null'))
    .addColumn('isActive', t.bool, (c) => c.notNull())
    .addColumn('forChildren', t.bool, (c) => c.notNull())
    .addColumn('minAge', 'integer')
    .addColumn('maxAge', 'integer')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('startTime', 'text', (c) => c.notNull())
    .addColumn('endTime', 'text', (c) => c.notNull())
    .addColumn('registrationDate', 'text', (c) => c.notNull())
    .addColumn('waiverRequired', t.bool, (c) => c.notNull())
    .addColumn('payAtSignUp', t.bool, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dropIns_isActive_date_idx').on('dropIns').columns(['isActive', 'date']).execute()

  await db.schema.alterTable('offerings').addColumn('dropInId', 'text', (c) => c.references('dropIns.id').onDelete('cascade')).execute()
  await db.schema.createIndex('offerings_dropInId_idx').on('offerings').column('dropInId').execute()

  await db.schema
    .createTable('dropInCheckIns')
    .addColumn('registrationId', 'text', (c) => c.primaryKey().references('registrations.id').onDelete('cascade'))
    .addColumn('checkedInAt', t.timestamp, (c) => c.notNull())
    .addColumn('checkedInBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()

  await db.schema.dropView('offeringFacts').execute()
  await db.schema
    .createView('offeringFacts')
    .as(
      sql`select o.id as ${sql.ref('offeringId')},
        coalesce(o.${sql.ref('leagueId')}, o.${sql.ref('academyId')}, o.${sql.ref('campId')}, o.${sql.ref('dropInId')}) as ${sql.ref('ownerId')},
        coalesce(l.name, a.name, k.name, d.name) as name,
        coalesce(l.sport, a.sport, k.sport, d.sport) as sport,
        coalesce(l.${sql.ref('startDate')}, a.${sql.ref('startDate')}, k.${sql.ref('startDate')}, d.date) as ${sql.ref('startDate')},
        coalesce(l.${sql.ref('endDate')}, a.${sql.ref('endDate')}, k.${sql.ref('endDate')}, d.date) as ${sql.ref('endDate')},
        coalesce(a.weekdays, case when k.id is null and d.id is null then null else '1,2,3,4,5,6,7' end) as weekdays,
        coalesce(a.${sql.ref('startTime')}, k.${sql.ref('startTime')}, d.${sql.ref('startTime')}) as ${sql.ref('startTime')},
        coalesce(a.${sql.ref('endTime')}, k.${sql.ref('endTime')}, d.${sql.ref('endTime')}) as ${sql.ref('endTime')},
        coalesce(a.${sql.ref('skippedDates')}, case when k.id is null and d.id is null then null else '' end) as ${sql.ref('skippedDates')}
      from offerings o
      left join leagues l on l.id = o.${sql.ref('leagueId')}
      left join academies a on a.id = o.${sql.ref('academyId')}
      left join camps k on k.id = o.${sql.ref('campId')}
      left join ${sql.ref('dropIns')} d on d.id = o.${sql.ref('dropInId')}`,
    )
    .execute()
}
