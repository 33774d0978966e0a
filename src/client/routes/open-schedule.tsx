import { LeagueScheduleScreen } from '../features/league-schedule/league-schedule-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { leagueGamesQuery, standingsQuery } from '../queries/open-schedule.ts'

export function opensWith({ params: { leagueId = '' } }: PageVisit) {
  return { games: leagueGamesQuery(leagueId), standings: standingsQuery(leagueId) }
}

/** /schedule/:leagueId: a team league's published schedule and standings, for everyone (issue 33). */
export default function OpenSchedulePage() {
  const opening = usePageQueries(opensWith)
  return <LeagueScheduleScreen games={opening.games} standings={opening.standings} />
}
