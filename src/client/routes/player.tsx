import { useParams } from 'react-router'
import { PlayerScreen } from '../features/teams/player-screen.tsx'

/** /league/:leagueId/team/:teamId/player/:playerId: a player on a roster (features/teams/player-screen.tsx). */
export default function PlayerPage() {
  const { leagueId = '', teamId = '', playerId = '' } = useParams()
  return <PlayerScreen leagueId={leagueId} teamId={teamId} playerId={playerId} />
}
