import { AcademyManager } from '../features/academies/academy-manager.tsx'
import { useSession } from '../lib/session.tsx'

/** Staff's academies page: every academy with its places; admins create, edit, open and close them here. */
export default function AcademyRegistrationsPage() {
  const { user } = useSession()
  return (
    <section className="page">
      <h1>Academy Registrations</h1>
      <AcademyManager canChange={user?.isAdmin ?? false} />
    </section>
  )
}
