import { useLocation } from 'react-router'
import { matchRoute } from '../../shared/routes.ts'
import { DropInsAtDeskScreen } from '../features/drop-ins/drop-ins-at-desk-screen.tsx'
import { useSession } from '../lib/session.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminDropInsQuery } from '../queries/admin-drop-ins.ts'

export function opensWith(_visit: PageVisit) {
  return { dropIns: adminDropInsQuery() }
}

/** /dropInSessions for admins and /desk/dropIns for the door (features/drop-ins/drop-ins-at-desk-screen.tsx). */
export default function DropInSessionsPage() {
  const { user } = useSession()
  const match = matchRoute(useLocation().pathname)
  return <DropInsAtDeskScreen title={match?.route.title} dropIns={usePageQueries(opensWith).dropIns} isAdmin={user?.isAdmin ?? false} atDesk={match?.route.id === 'deskDropIns'} />
}
