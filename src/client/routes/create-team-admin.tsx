import { CreateHeldTeamScreen } from '../features/teams/create-held-team-screen.tsx'

/** /createTeamAdmin: staff create a team for a captain, its place held (features/teams/create-held-team-screen.tsx). */
export default function CreateTeamAdminPage() {
  return <CreateHeldTeamScreen />
}
