import { useParams, useSearchParams } from 'react-router'
import { JoinTeamScreen } from '../features/teams/join-team-screen.tsx'

/** /league/:leagueId/team/:teamId/signUp?invite=…: the invite link a captain shares (features/teams/join-team-screen.tsx). */
export default function JoinTeamPage() {
  const { leagueId = '', teamId = '' } = useParams()
  const [search] = useSearchParams()
  return <JoinTeamScreen leagueId={leagueId} teamId={teamId} invite={search.get('invite') ?? ''} />
}
