import { useParams } from 'react-router'
import { isStaff } from '../../shared/roles.ts'
import { LeaguePlayersScreen } from '../features/teams/league-players-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'
import { leaguePlayersQuery } from '../queries/teams.ts'

/** Staff open with the leagues to choose from and the chosen league's players; anyone else is told where their teams are. */
export function opensWith({ params: { leagueId = '' }, user }: PageVisit) {
  const staff = user !== null && isStaff(user.userRole)
  return { leagues: staff ? adminLeaguesQuery() : null, players: staff && leagueId ? leaguePlayersQuery(leagueId) : null }
}

/** /manageLeaguePlayers/league/{leagueId?}: staff place free agents and move players (features/teams/league-players-screen.tsx). */
export default function ManageLeaguePlayersPage() {
  const { leagueId = '' } = useParams()
  const opening = usePageQueries(opensWith)
  return <LeaguePlayersScreen leagueId={leagueId} leaguesQuery={opening.leagues} playersQuery={opening.players} />
}
