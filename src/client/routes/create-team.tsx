import { useLocation } from 'react-router'
import { matchRoute } from '../../shared/routes.ts'
import { CreateTeamScreen } from '../features/teams/create-team-screen.tsx'
import type { PageVisit } from '../lib/page-queries.ts'
import { teamLeaguesQuery } from '../queries/teams.ts'

export function opensWith({ routeId }: PageVisit) {
  return { leagues: routeId === 'adultBasketball' ? teamLeaguesQuery('basketball') : null }
}

/**
 * /createTeam (any open team league) and /adultBasketball (the Adult Basketball card's Team Sign
 * Up): a captain creates a team (features/teams/create-team-screen.tsx).
 */
export default function CreateTeamPage() {
  const { pathname } = useLocation()
  return <CreateTeamScreen route={matchRoute(pathname)?.route} />
}
