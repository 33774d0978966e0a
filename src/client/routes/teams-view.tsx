import { TeamsViewScreen } from '../features/teams/teams-view-screen.tsx'

/** /teamsView: every team, for staff (features/teams/teams-view-screen.tsx). */
export default function TeamsViewPage() {
  return <TeamsViewScreen />
}
