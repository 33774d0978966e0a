import type { Kysely } from 'kysely'

/** The key as teamNameKey made it when this migration was written (the function may change later; this must not). */
const folded = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '')

/**
 * Team names are now the same team after NFKC folding and without zero-width characters
 * (issue 21): the keys of existing teams are made again that way. A team whose new key another
 * team of its league already has keeps its old key, so the migration never fails on old data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<{ teams: { id: string; leagueId: string; name: string; nameKey: string } }>
  const teams = await trx.selectFrom('teams').select(['id', 'leagueId', 'name', 'nameKey']).execute()
  const taken = new Set(teams.map((t) => `${t.leagueId} ${t.nameKey}`))
  for (const team of teams) {
    const key = folded(team.name)
    if (key === team.nameKey || taken.has(`${team.leagueId} ${key}`)) continue
    await trx.updateTable('teams').set({ nameKey: key }).where('id', '=', team.id).execute()
    taken.delete(`${team.leagueId} ${team.nameKey}`)
    taken.add(`${team.leagueId} ${key}`)
  }
}
