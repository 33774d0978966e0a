import { sql, type Kysely } from 'kysely'

/**
 * One calendar of the facility (issue 33, docs/decisions/0034): an academy, a camp and a drop-in
 * session may book a playing area, as a game does. `areaId` is the area its "Where" names (null:
 * a place off the courts); the facility calendar (features/schedule/facility-calendar.queries.ts)
 * reads games and these bookings together. Rows saved before take the area their "Where" names
 * (the area's name in any letter case, spaces left out, as its unique nameKey), so what the facility
 * already runs on its courts is on the calendar from the start.
 */
const TABLES = ['academies', 'camps', 'dropIns'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('areaId', 'text', (c) => c.references('playingAreas.id'))
      .execute()
    await db.schema.createIndex(`${table}_areaId_idx`).on(table).column('areaId').execute()
    await sql`update ${sql.table(table)} set "areaId" = (select p."id" from "playingAreas" p where p."nameKey" = lower(replace(${sql.table(table)}."location", ' ', '')))`.execute(db)
  }
}
