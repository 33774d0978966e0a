import { AddTeamsScreen } from '../features/teams/add-teams-screen.tsx'

/** /addTeams: staff add several teams to a league at once (features/teams/add-teams-screen.tsx). */
export default function AddTeamsPage() {
  return <AddTeamsScreen />
}
