import { Link } from 'react-router'
import { href } from '../../shared/paths.ts'
import { LeagueManager } from '../features/leagues/league-manager.tsx'
import { OpenLeagueList } from '../features/leagues/open-league-list.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'
import { openLeaguesQuery } from '../queries/open-leagues.ts'

/** Admins open with every league to manage; everyone else with the leagues open for registration. */
export function opensWith({ user }: PageVisit) {
  return user?.isAdmin ? { leagues: adminLeaguesQuery(), openLeagues: null } : { leagues: null, openLeagues: openLeaguesQuery(null) }
}

/** Admins manage every league here; everyone else sees the open ones and where to sign up. */
export default function LeaguesPage() {
  const opening = usePageQueries(opensWith)
  return (
    <section className="page">
      <h1>Leagues</h1>
      {opening.leagues && (
        <p>
          <Link to={href('adminPlayingAreas')}>Playing areas</Link>: the courts and fields team leagues’ games are scheduled on.
        </p>
      )}
      {opening.leagues ? <LeagueManager leaguesQuery={opening.leagues} /> : <OpenLeagueList openLeaguesQuery={opening.openLeagues} />}
    </section>
  )
}
