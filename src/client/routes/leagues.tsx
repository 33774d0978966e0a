import { LeagueManager } from '../features/leagues/league-manager.tsx'
import { OpenLeagueList } from '../features/leagues/open-league-list.tsx'
import { useSession } from '../lib/session.tsx'

/** Admins manage every league here; everyone else sees the open ones and where to sign up. */
export default function LeaguesPage() {
  const { user } = useSession()
  return (
    <section className="page">
      <h1>Leagues</h1>
      {user?.isAdmin ? <LeagueManager /> : <OpenLeagueList />}
    </section>
  )
}
