import { useLocation, useSearchParams } from 'react-router'
import { matchRoute } from '../../shared/routes.ts'
import { AcademyManager } from '../features/academies/academy-manager.tsx'
import { AcademyParticipantsPanel } from '../features/academies/academy-participants.tsx'
import { AttendancePanel } from '../features/academies/attendance-panel.tsx'
import { useSession } from '../lib/session.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminAcademiesQuery } from '../queries/admin-academies.ts'

export function opensWith(_visit: PageVisit) {
  return { academies: adminAcademiesQuery() }
}

/**
 * Staff's academies page, and the desk's for coaches and employees (`/desk/academies`): one
 * academy's participants (`?academy=<id>`) or its attendance (`&view=attendance`), then every
 * academy with its places; admins create, edit, open and close academies here.
 */
export default function AcademyRegistrationsPage() {
  const { user } = useSession()
  const opening = usePageQueries(opensWith)
  const title = matchRoute(useLocation().pathname)?.route.title
  const [search, setSearch] = useSearchParams()
  const academyId = search.get('academy') ?? ''
  const attendance = academyId !== '' && search.get('view') === 'attendance'
  const isAdmin = user?.isAdmin ?? false
  const choose = (id: string) => setSearch(id ? { academy: id } : {})
  const showParticipants = (id: string) => {
    choose(id)
    // The participants are above the list: the reader is taken there.
    document.getElementById('participants-heading')?.focus()
  }
  return (
    <section className="page">
      <h1 className={attendance ? 'no-print' : undefined}>{title}</h1>
      {attendance ? (
        <AttendancePanel key={academyId} academyId={academyId} canCancel={isAdmin} />
      ) : (
        <>
          <AcademyParticipantsPanel academyId={academyId} academiesQuery={opening.academies} onChoose={choose} />
          <AcademyManager academiesQuery={opening.academies} canChange={isAdmin} onShowParticipants={showParticipants} />
        </>
      )}
    </section>
  )
}
