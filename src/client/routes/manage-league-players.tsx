import { useParams } from 'react-router'
import { LeaguePlayersScreen } from '../features/teams/league-players-screen.tsx'

/** /manageLeaguePlayers/league/{leagueId?}: staff place free agents and move players (features/teams/league-players-screen.tsx). */
export default function ManageLeaguePlayersPage() {
  const { leagueId = '' } = useParams()
  return <LeaguePlayersScreen leagueId={leagueId} />
}
