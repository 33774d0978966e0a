import { useLocation } from 'react-router'
import { matchRoute } from '../../shared/routes.ts'
import { CreateTeamScreen } from '../features/teams/create-team-screen.tsx'

/**
 * /createTeam (any open team league) and /adultBasketball (the Adult Basketball card's Team Sign
 * Up): a captain creates a team (features/teams/create-team-screen.tsx).
 */
export default function CreateTeamPage() {
  const { pathname } = useLocation()
  return <CreateTeamScreen route={matchRoute(pathname)?.route} />
}
