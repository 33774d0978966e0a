import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { DashboardSummary } from '../../shared/schemas/dashboard.ts'
import { ROUTES } from '../../shared/routes.ts'
import { Alert } from '../components/ui/alert.tsx'
import { OutboxPanel } from '../features/mail/outbox-panel.tsx'
import { api } from '../lib/api.ts'

/** Every admin page except this one, from the route table; pages needing an id are reached from others. */
const ADMIN_PAGES = ROUTES.filter((r) => r.access === 'admin' && r.id !== 'dashboard' && !r.path.includes(':'))

export default function DashboardPage() {
  const [summary, setSummary] = useState<DashboardSummary | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    api
      .get<DashboardSummary>('/api/dashboard')
      .then(setSummary)
      .catch((error: unknown) => {
        console.error('Could not load the dashboard', error)
        setFailed(true)
      })
  }, [])

  return (
    <section className="page">
      <h1>Dashboard</h1>
      {failed && <Alert>The dashboard figures could not be loaded. Please reload the page.</Alert>}
      <h2>Accounts</h2>
      {summary ? (
        <ul className="stat-list" aria-label="Users by role">
          <li>
            <span className="stat">{summary.usersByRole.customer}</span> customers
          </li>
          <li>
            <span className="stat">{summary.usersByRole.employee}</span> employees
          </li>
          <li>
            <span className="stat">{summary.usersByRole.admin}</span> admins
          </li>
          <li>
            <span className="stat">{summary.activeLeagues}</span> active leagues
          </li>
        </ul>
      ) : (
        !failed && <p className="loading">Loading figures…</p>
      )}
      <h2>Staff pages</h2>
      <ul className="link-list">
        {ADMIN_PAGES.map((page) => (
          <li key={page.id}>
            <Link to={page.path}>{page.title}</Link> — {page.description}
          </li>
        ))}
      </ul>
      <OutboxPanel />
    </section>
  )
}
