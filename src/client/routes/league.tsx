import { useParams } from 'react-router'
import { LeagueScreen } from '../features/leagues/league-screen.tsx'
import { NotFoundPage } from './not-found.tsx'

/** /league/{leagueId}: a league's page (features/leagues/league-screen.tsx); one that does not exist is Page Not Found. */
export default function LeaguePage() {
  const { leagueId = '' } = useParams()
  return <LeagueScreen leagueId={leagueId} notFound={<NotFoundPage />} />
}
