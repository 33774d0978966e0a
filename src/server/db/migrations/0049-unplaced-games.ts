import type { Kysely } from 'kysely'

/**
 * The games a league's draft could not place (issue 33): the generator answers them with the
 * draft, and the schedule's report shows them after a reload too. The spread and the broken
 * blackouts come from the stored games; these pairs are the one part of the report no game
 * holds. Generating again replaces them; a team leaving the league takes its own with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unplacedGames')
    .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id'))
    /** The generator's order of the league's unplaced games, from 0. */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('homeTeamId', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('awayTeamId', 'text', (c) => c.notNull().references('teams.id'))
    .addPrimaryKeyConstraint('unplacedGames_pk', ['leagueId', 'position'])
    .execute()
}
