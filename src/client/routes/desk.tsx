import { DeskScreen } from '../features/desk/desk-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'

export function opensWith(_visit: PageVisit) {
  return { leagues: adminLeaguesQuery() }
}

/** /desk: the front desk (features/desk/desk-screen.tsx). */
export default function DeskPage() {
  const opening = usePageQueries(opensWith)
  return <DeskScreen leaguesQuery={opening.leagues} />
}
