import { DeskScreen } from '../features/desk/desk-screen.tsx'
import type { PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'

export function opensWith(_visit: PageVisit) {
  return { leagues: adminLeaguesQuery() }
}

/** /desk: the front desk (features/desk/desk-screen.tsx). */
export default function DeskPage() {
  return <DeskScreen />
}
