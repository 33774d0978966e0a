import type { Db } from '../../db/connect.ts'
import { enqueueEmails } from '../../core/outbox.queries.ts'
import { type PlaceNews } from '../../core/registrations/engine.ts'
import { playerJoinedEmail, teamCompleteEmail } from './team-emails.ts'
import { teamState, type TeamState } from './teams.queries.ts'

/** What a team's captain hears when the roster changes. */

/** The news of players joining a team together: the captain hears of each, and when the team became complete. */
export function captainHears(team: { id: string; leagueId: string }, opts: { siteUrl: string; now: Date }): PlaceNews {
  return async (tx) => {
    const before = await teamState(tx, team.leagueId, team.id)
    return async (joined) => {
      if (before) await tellCaptain(tx, before, opts.siteUrl, opts.now, joined.map((r) => r.registrantName))
    }
  }
}

/**
 * After a change to a team: the captain hears who joined (in order, each with the roster's size
 * once they were on it), and when the team became complete.
 */
export async function tellCaptain(tx: Db, before: TeamState, siteUrl: string, now: Date, joined: readonly string[]): Promise<void> {
  const after = await teamState(tx, before.team.leagueId, before.team.id)
  if (!after) return
  const captain = await tx.kysely.selectFrom('users').select(['displayName as name', 'email']).where('id', '=', after.team.captainUserId).executeTakeFirstOrThrow()
  const names = { ...after.team }
  const playing = after.players.filter((p) => p.status === 'confirmed').length
  const news = joined.map((player, i) => playerJoinedEmail(siteUrl, names, captain, player, playing - (joined.length - 1 - i)))
  if (before.status !== 'complete' && after.status === 'complete') news.push(teamCompleteEmail(siteUrl, names, captain))
  await enqueueEmails(tx, news, now)
}
