import type { Kysely } from 'kysely'
import unhomoglyph from 'unhomoglyph'

const UNSEEN = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu
const MARKS = /[\p{Mn}\p{Me}]/gu

/** The key as teamNameKey made it when this migration was written (the function may change later; this must not). */
function skeletonKey(name: string): string {
  const bare = name.normalize('NFKC').replace(UNSEEN, '').normalize('NFD').replace(MARKS, '')
  return unhomoglyph(bare.toUpperCase()).normalize('NFD').replace(MARKS, '').toLowerCase()
}

/**
 * Team names that a reader could take for one another are now the same team (issue 30): accents
 * off, and letters read by Unicode's confusable skeleton (Cyrillic `Т` is `T`). The keys of
 * existing teams are made again that way. Two teams of a league whose names now clash both stay:
 * the second keeps its old key, so the migration never fails on old data, and no third team may
 * take either name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<{ teams: { id: string; leagueId: string; name: string; nameKey: string; createdAt: unknown } }>
  const teams = await trx.selectFrom('teams').select(['id', 'leagueId', 'name', 'nameKey']).orderBy('createdAt').orderBy('id').execute()
  const taken = new Set(teams.map((t) => `${t.leagueId} ${t.nameKey}`))
  for (const team of teams) {
    const key = skeletonKey(team.name)
    if (key === team.nameKey || taken.has(`${team.leagueId} ${key}`)) continue
    await trx.updateTable('teams').set({ nameKey: key }).where('id', '=', team.id).execute()
    taken.delete(`${team.leagueId} ${team.nameKey}`)
    taken.add(`${team.leagueId} ${key}`)
  }
}
