import { LeagueManager } from '../features/leagues/league-manager.tsx'
import { OpenLeagueList } from '../features/leagues/open-league-list.tsx'
import { useSession } from '../lib/session.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'

export function opensWith(_visit: PageVisit) {
  return { leagues: adminLeaguesQuery() }
}

/** Admins manage every league here; everyone else sees the open ones and where to sign up. */
export default function LeaguesPage() {
  const { user } = useSession()
  const opening = usePageQueries(opensWith)
  return (
    <section className="page">
      <h1>Leagues</h1>
      {user?.isAdmin ? <LeagueManager leaguesQuery={opening.leagues} /> : <OpenLeagueList />}
    </section>
  )
}
