import { CreateHeldTeamScreen } from '../features/teams/create-held-team-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { teamLeaguesQuery, teamSummariesQuery } from '../queries/teams.ts'

/** The team leagues to create a team in, and every league's teams (the held ones are listed). */
export function opensWith(_visit: PageVisit) {
  return { leagues: teamLeaguesQuery(null), teams: teamSummariesQuery('') }
}

/** /createTeamAdmin: staff create a team for a captain, its place held (features/teams/create-held-team-screen.tsx). */
export default function CreateTeamAdminPage() {
  const opening = usePageQueries(opensWith)
  return <CreateHeldTeamScreen leaguesQuery={opening.leagues} teamsQuery={opening.teams} />
}
