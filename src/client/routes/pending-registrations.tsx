import { PendingRegistrations } from '../features/pending/pending-registrations.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'
import { pendingRegistrationsQuery } from '../queries/pending-registrations.ts'

/** The list opens on every league, unsearched (features/pending/pending-registrations.tsx). */
export function opensWith(_visit: PageVisit) {
  return { leagues: adminLeaguesQuery(), registrations: pendingRegistrationsQuery('') }
}

export default function PendingRegistrationsPage() {
  return (
    <section className="page">
      <h1>Pending Registrations</h1>
      <PendingRegistrations opening={usePageQueries(opensWith)} />
    </section>
  )
}
