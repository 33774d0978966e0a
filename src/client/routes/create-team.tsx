import { useLocation } from 'react-router'
import { matchRoute } from '../../shared/routes.ts'
import { CreateTeamScreen } from '../features/teams/create-team-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { myTeamsQuery, teamLeaguesQuery } from '../queries/teams.ts'

/** The team leagues open for new teams (basketball's under /adultBasketball), and a signed-in person's own teams. */
export function opensWith({ routeId, user }: PageVisit) {
  return { leagues: teamLeaguesQuery(routeId === 'adultBasketball' ? 'basketball' : null), teams: user && myTeamsQuery(user.uid) }
}

/**
 * /createTeam (any open team league) and /adultBasketball (the Adult Basketball card's Team Sign
 * Up): a captain creates a team (features/teams/create-team-screen.tsx).
 */
export default function CreateTeamPage() {
  const { pathname } = useLocation()
  const opening = usePageQueries(opensWith)
  return <CreateTeamScreen route={matchRoute(pathname)?.route} leaguesQuery={opening.leagues} teamsQuery={opening.teams} />
}
