import { TeamScreen } from '../features/teams/team-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { teamGamesQuery } from '../queries/open-schedule.ts'
import { teamQuery } from '../queries/teams.ts'

/** The team as the viewer may see it, and its games (its next one shown). */
export function opensWith({ params: { leagueId = '', teamId = '' } }: PageVisit) {
  return { team: teamQuery(leagueId, teamId), games: teamGamesQuery(leagueId, teamId) }
}

/** /league/:leagueId/team/:teamId: the team's page (features/teams/team-screen.tsx). */
export default function TeamRoute() {
  const { team } = usePageQueries(opensWith)
  return <TeamScreen team={team} />
}
