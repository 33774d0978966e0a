import { TeamScheduleScreen } from '../features/league-schedule/team-schedule-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { teamGamesQuery } from '../queries/open-schedule.ts'

export function opensWith({ params: { leagueId = '', teamId = '' } }: PageVisit) {
  return { games: teamGamesQuery(leagueId, teamId) }
}

/** /schedule/:leagueId/team/:teamId: a team's games with its results and its next one, for everyone (issue 33). */
export default function TeamSchedulePage() {
  const { games } = usePageQueries(opensWith)
  return <TeamScheduleScreen games={games} />
}
