import { useSearchParams } from 'react-router'
import { AcademyManager } from '../features/academies/academy-manager.tsx'
import { AttendancePanel } from '../features/academies/attendance-panel.tsx'
import { useSession } from '../lib/session.tsx'

/** Staff's academies page: every academy with its places; admins create, edit, open and close them here; `?academy=<id>&view=attendance` opens one's attendance. */
export default function AcademyRegistrationsPage() {
  const { user } = useSession()
  const [search] = useSearchParams()
  const academyId = search.get('academy')
  const attendance = academyId !== null && search.get('view') === 'attendance'
  return (
    <section className="page">
      <h1 className={attendance ? 'no-print' : undefined}>Academy Registrations</h1>
      {attendance ? <AttendancePanel key={academyId} academyId={academyId} canCancel={user?.isAdmin ?? false} /> : <AcademyManager canChange={user?.isAdmin ?? false} />}
    </section>
  )
}
