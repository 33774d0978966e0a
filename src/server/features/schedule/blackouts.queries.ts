import type { Db } from '../../db/connect.ts'

/**
 * A team's blackout dates (issue 33, teamBlackouts of migration 0046): read in order, and replaced
 * whole in the caller's transaction, which holds the team's row first, so that its captain and
 * staff saving at once take turns and the last save is the list that stays (never a mix, never a
 * duplicate key).
 */

export async function teamBlackouts(db: Db, teamId: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom('teamBlackouts').select('date').where('teamId', '=', teamId).orderBy('date').execute()
  return rows.map((r) => r.date)
}

/** Replaces the team's blackout dates with `dates` (distinct); answers the dates before. */
export async function replaceBlackouts(tx: Db, teamId: string, dates: readonly string[]): Promise<string[]> {
  let team = tx.kysely.selectFrom('teams').select('id').where('id', '=', teamId)
  if (tx.dialect === 'postgres') team = team.forUpdate()
  await team.executeTakeFirst()
  const before = await teamBlackouts(tx, teamId)
  await tx.kysely.deleteFrom('teamBlackouts').where('teamId', '=', teamId).execute()
  if (dates.length > 0) await tx.kysely.insertInto('teamBlackouts').values(dates.map((date) => ({ teamId, date }))).execute()
  return before
}
