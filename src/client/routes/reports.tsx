import { Link } from 'react-router'
import { href } from '../../shared/paths.ts'
import { ReportsScreen } from '../features/dashboard/reports-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { reportsIndexQuery } from '../queries/reports.ts'

export function opensWith(_visit: PageVisit) {
  return { index: reportsIndexQuery() }
}

/** /dashboard/reports: the files staff and the accountant download, and each season's summary (issue 32). */
export default function ReportsPage() {
  const { index } = usePageQueries(opensWith)
  return (
    <section className="page">
      <h1>Reports</h1>
      <p>
        <Link to={href('dashboard')}>Back to the Dashboard</Link>
      </p>
      <ReportsScreen query={index} />
    </section>
  )
}
