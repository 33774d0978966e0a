import { useSearchParams } from 'react-router'
import { AcademyManager } from '../features/academies/academy-manager.tsx'
import { AcademyParticipantsPanel } from '../features/academies/academy-participants.tsx'
import { useSession } from '../lib/session.tsx'

/**
 * Staff's academies page: one academy's participants (`?academy=<id>`), then every academy with
 * its places; admins create, edit, open and close academies here.
 */
export default function AcademyRegistrationsPage() {
  const { user } = useSession()
  const [search, setSearch] = useSearchParams()
  const academyId = search.get('academy') ?? ''
  const choose = (id: string) => setSearch(id ? { academy: id } : {})
  const showParticipants = (id: string) => {
    choose(id)
    // The participants are above the list: the reader is taken there.
    document.getElementById('participants-heading')?.focus()
  }
  return (
    <section className="page">
      <h1>Academy Registrations</h1>
      <AcademyParticipantsPanel academyId={academyId} onChoose={choose} />
      <AcademyManager canChange={user?.isAdmin ?? false} onShowParticipants={showParticipants} />
    </section>
  )
}
