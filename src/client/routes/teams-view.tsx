import { TeamsViewScreen } from '../features/teams/teams-view-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'
import { teamSummariesQuery } from '../queries/teams.ts'

/** The list opens on every league (features/teams/teams-view-screen.tsx). */
export function opensWith(_visit: PageVisit) {
  return { leagues: adminLeaguesQuery(), teams: teamSummariesQuery('') }
}

/** /teamsView: every team, for staff (features/teams/teams-view-screen.tsx). */
export default function TeamsViewPage() {
  return <TeamsViewScreen opening={usePageQueries(opensWith)} />
}
