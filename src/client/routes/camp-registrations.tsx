import { useLocation } from 'react-router'
import { matchRoute } from '../../shared/routes.ts'
import { CampsAtDeskScreen } from '../features/camps/camps-at-desk-screen.tsx'
import { useSession } from '../lib/session.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminCampsQuery } from '../queries/admin-camps.ts'

export function opensWith(_visit: PageVisit) {
  return { camps: adminCampsQuery() }
}

/** /campRegistrations for admins and /desk/camps for the desk (features/camps/camps-at-desk-screen.tsx). */
export default function CampRegistrationsPage() {
  const { user } = useSession()
  const match = matchRoute(useLocation().pathname)
  return <CampsAtDeskScreen title={match?.route.title} camps={usePageQueries(opensWith).camps} isAdmin={user?.isAdmin ?? false} atDesk={match?.route.id === 'deskCamps'} />
}
