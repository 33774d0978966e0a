import { PendingRegistrations } from '../features/pending/pending-registrations.tsx'

export default function PendingRegistrationsPage() {
  return (
    <section className="page">
      <h1>Pending Registrations</h1>
      <PendingRegistrations />
    </section>
  )
}
