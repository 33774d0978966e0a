import { PlayerScreen } from '../features/teams/player-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { playerQuery } from '../queries/teams.ts'

/** The player on the roster, for staff and the player. */
export function opensWith({ params: { leagueId = '', teamId = '', playerId = '' } }: PageVisit) {
  return { player: playerQuery(leagueId, teamId, playerId) }
}

/** /league/:leagueId/team/:teamId/player/:playerId: a player on a roster (features/teams/player-screen.tsx). */
export default function PlayerPage() {
  return <PlayerScreen player={usePageQueries(opensWith).player} />
}
