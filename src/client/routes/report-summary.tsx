import { Link, useParams } from 'react-router'
import { href } from '../../shared/paths.ts'
import { SeasonSummary } from '../features/dashboard/season-summary.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { seasonSummaryQuery } from '../queries/reports.ts'

export function opensWith({ params: { ownerId = '' } }: PageVisit) {
  return { summary: seasonSummaryQuery(ownerId) }
}

/** /dashboard/reports/summary/:ownerId: a program's season on one page, made to print (issue 32). */
export default function ReportSummaryPage() {
  const { ownerId = '' } = useParams()
  const { summary } = usePageQueries(opensWith)
  return (
    <section className="page summary-page" key={ownerId}>
      <h1>Season Summary</h1>
      <p className="no-print">
        <Link to={href('reports')}>Back to Reports</Link>{' '}
        <button type="button" className="secondary" onClick={() => window.print()}>
          Print
        </button>
      </p>
      <SeasonSummary query={summary} />
    </section>
  )
}
