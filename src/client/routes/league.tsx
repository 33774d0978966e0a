import { useParams } from 'react-router'
import { LeagueScreen } from '../features/leagues/league-screen.tsx'
import { NotFoundPage } from './not-found.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'
import { leagueQuery } from '../queries/league.ts'

/** An admin sees the league with their tools, which read every league (features/leagues/league-screen.tsx); anyone else their own place in it. */
export function opensWith({ params: { leagueId = '' }, user }: PageVisit) {
  return { league: leagueQuery(leagueId), leagues: user?.userRole === 'admin' ? adminLeaguesQuery() : null }
}

/** /league/{leagueId}: a league's page (features/leagues/league-screen.tsx); one that does not exist is Page Not Found. */
export default function LeaguePage() {
  const { leagueId = '' } = useParams()
  const opening = usePageQueries(opensWith)
  return <LeagueScreen leagueId={leagueId} leaguesQuery={opening.leagues} notFound={<NotFoundPage />} />
}
