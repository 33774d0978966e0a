import { AddTeamsScreen } from '../features/teams/add-teams-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { teamLeaguesQuery } from '../queries/teams.ts'

/** The team leagues teams can be added to. */
export function opensWith(_visit: PageVisit) {
  return { leagues: teamLeaguesQuery(null) }
}

/** /addTeams: staff add several teams to a league at once (features/teams/add-teams-screen.tsx). */
export default function AddTeamsPage() {
  const opening = usePageQueries(opensWith)
  return <AddTeamsScreen leaguesQuery={opening.leagues} />
}
