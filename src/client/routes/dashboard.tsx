import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatBytes, formatDateTime } from '../../shared/format.ts'
import type { BackupStatus } from '../../shared/contracts/dashboard.ts'
import { staffPages } from '../../shared/route-purposes.ts'
import { Alert } from '../components/ui/alert.tsx'
import { JobsPanel } from '../features/dashboard/jobs-panel.tsx'
import { RecentActivity } from '../features/dashboard/recent-activity.tsx'
import { MoneySection } from '../features/dashboard/money-section.tsx'
import { NeedsAttentionSection } from '../features/dashboard/needs-attention-section.tsx'
import { RegistrationSection } from '../features/dashboard/registration-section.tsx'
import { TodaySection } from '../features/dashboard/today-section.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { attentionSectionQuery, dashboardQuery, moneySectionQuery, NO_FILTER, recentActivityQuery, registrationSectionQuery, todaySectionQuery } from '../queries/dashboard.ts'

/** Every page staff work on, from the route table (shared/routes.ts). */
const STAFF_PAGES = staffPages()

export function opensWith(_visit: PageVisit) {
  return { summary: dashboardQuery(), attention: attentionSectionQuery(), registration: registrationSectionQuery(), money: moneySectionQuery(), today: todaySectionQuery(), activity: recentActivityQuery(NO_FILTER, 1) }
}

export default function DashboardPage() {
  const opening = usePageQueries(opensWith)
  const { data: summary, isError: failed } = useQuery(opening.summary)

  return (
    <section className="page">
      <h1>Dashboard</h1>
      <NeedsAttentionSection query={opening.attention} />
      <RegistrationSection query={opening.registration} />
      <MoneySection query={opening.money} />
      <TodaySection query={opening.today} />
      {failed && <Alert>The dashboard figures could not be loaded. Please reload the page.</Alert>}
      <h2>Accounts</h2>
      {summary ? (
        <ul className="stat-list" aria-label="Users by role">
          <li>
            <span className="stat">{summary.usersByRole.customer}</span> {summary.usersByRole.customer === 1 ? 'customer' : 'customers'}
          </li>
          <li>
            <span className="stat">{summary.usersByRole.employee}</span> {summary.usersByRole.employee === 1 ? 'employee' : 'employees'}
          </li>
          <li>
            <span className="stat">{summary.usersByRole.admin}</span> {summary.usersByRole.admin === 1 ? 'admin' : 'admins'}
          </li>
          <li>
            <span className="stat">{summary.activeLeagues}</span> {summary.activeLeagues === 1 ? 'active league' : 'active leagues'}
          </li>
        </ul>
      ) : (
        !failed && <p className="loading">Loading figures…</p>
      )}
      <h2>Staff pages</h2>
      <ul className="link-list">
        {STAFF_PAGES.map(({ route, path, task }) => (
          <li key={route.id}>
            <Link to={path}>{route.title}</Link> — {task}
          </li>
        ))}
      </ul>
      {summary && <BackupsPanel backups={summary.backups} />}
      {summary && <JobsPanel jobs={summary.jobs} />}
      <RecentActivity />
    </section>
  )
}

/** The last backup, and a warning when the facility's data is not safely copied. */
function BackupsPanel({ backups }: { backups: BackupStatus }) {
  return (
    <section aria-labelledby="backups-heading">
      <h2 id="backups-heading">Backups</h2>
      {backups.warning && <Alert>{backups.warning}</Alert>}
      {backups.last ? (
        <p>
          Last backup: {formatDateTime(backups.last.finishedAt)}, {formatBytes(backups.last.sizeBytes)} — <code>{backups.last.file}</code>
        </p>
      ) : (
        !backups.warning && <p>No backup has been made yet.</p>
      )}
      <p className="staff-muted">
        {backups.schedule === 'scheduled'
          ? `The server makes one every ${backups.everyHours} hours in ${backups.dir}.`
          : backups.schedule === 'external'
            ? 'PostgreSQL: make backups with npm run backup (pg_dump) or your database host’s own.'
            : 'Make backups with npm run backup.'}{' '}
        Restore one with the server stopped: <code>npm run restore -- --from FILE</code>.
      </p>
    </section>
  )
}
