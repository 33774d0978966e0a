import { useParams } from 'react-router'
import { TeamScreen } from '../features/teams/team-screen.tsx'

/** /league/:leagueId/team/:teamId: the team's page (features/teams/team-screen.tsx). */
export default function TeamRoute() {
  const { leagueId = '', teamId = '' } = useParams()
  return <TeamScreen leagueId={leagueId} teamId={teamId} />
}
