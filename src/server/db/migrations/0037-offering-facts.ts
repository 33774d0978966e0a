import { sql, type Kysely } from 'kysely'

/**
 * What every view of a place shows of what it is in (issue 31): one row per offering with its
 * owner's id, name, sport and dates, and the schedule of an offering that meets on set days. The
 * registration reads (core/registrations/registrations.queries.ts) join this view and name no kind
 * of offering; a new kind's migration redefines it with its own owner table joined in.
 *
 * `weekdays` is null for an offering without sessions (a league's); `startTime`, `endTime` and
 * `skippedDates` go with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createView('offeringFacts')
    .as(
      sql`select o.id as ${sql.ref('offeringId')},
        coalesce(o.${sql.ref('leagueId')}, o.${sql.ref('academyId')}) as ${sql.ref('ownerId')},
        coalesce(l.name, a.name) as name,
        coalesce(l.sport, a.sport) as sport,
        coalesce(l.${sql.ref('startDate')}, a.${sql.ref('startDate')}) as ${sql.ref('startDate')},
        coalesce(l.${sql.ref('endDate')}, a.${sql.ref('endDate')}) as ${sql.ref('endDate')},
        a.weekdays as weekdays,
        a.${sql.ref('startTime')} as ${sql.ref('startTime')},
        a.${sql.ref('endTime')} as ${sql.ref('endTime')},
        a.${sql.ref('skippedDates')} as ${sql.ref('skippedDates')}
      from offerings o
      left join leagues l on l.id = o.${sql.ref('leagueId')}
      left join academies a on a.id = o.${sql.ref('academyId')}`,
    )
    .execute()
}
