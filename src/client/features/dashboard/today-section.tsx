import { useQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { Link } from 'react-router'
import { formatTime } from '../../../shared/academy-schedule.ts'
import type { TodaySection as Section, TodaysSession } from '../../../shared/contracts/dashboard-sections.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import type { todaySectionQuery } from '../../queries/dashboard.ts'

const KIND_NAMES: Record<TodaysSession['kind'], string> = { academy: 'Academy', camp: 'Camp', 'drop-in': 'Drop-in' }

/**
 * What needs a person today (issue 32): today's academy sessions, camp days and drop-ins with the
 * people expected, and those without the current waiver linked to their record at the desk, where
 * it is signed. A request of its own, which the page opens with (routes/dashboard.tsx).
 */
export function TodaySection({ query }: { query: ReturnType<typeof todaySectionQuery> }) {
  const { data, isError } = useQuery(query)
  return (
    <section aria-labelledby="today-heading" aria-busy={!data && !isError}>
      <h2 id="today-heading">Today</h2>
      {isError ? <Alert>Today’s sessions could not be loaded. Please reload the page.</Alert> : data ? <Sessions section={data} /> : <p className="loading">Loading today’s sessions…</p>}
    </section>
  )
}

const COLUMNS: StaffColumn<TodaysSession>[] = [
  { header: 'Session', rowHeader: true, cell: (s) => `${s.name} (${KIND_NAMES[s.kind]})` },
  { header: 'Time', cell: (s) => `${formatTime(s.startTime)} – ${formatTime(s.endTime)}` },
  { header: 'Place', cell: (s) => s.location ?? '—', priority: 'wide' },
  { header: 'Expected', cell: (s) => (s.capacity === null ? s.expected : `${s.expected} of ${s.capacity}`) },
  { header: 'Without the current waiver', cell: (s) => <MissingWaivers session={s} /> },
]

function MissingWaivers({ session }: { session: TodaysSession }) {
  if (session.missingWaivers.length === 0) return 'None'
  return (
    <>
      {session.missingWaivers.map((m, i) => (
        <Fragment key={m.registrationId}>
          {i > 0 && ', '}
          <Link to={href('deskCustomer', { userId: m.userId })}>{m.participant}</Link>
        </Fragment>
      ))}
    </>
  )
}

function Sessions({ section }: { section: Section }) {
  if (section.sessions.length === 0) return <p>No academy session, camp or drop-in meets today ({formatDate(section.today)}).</p>
  const missing = section.sessions.reduce((sum, s) => sum + s.missingWaivers.length, 0)
  return (
    <>
      <p>
        {countOf(section.sessions.length, 'session')} on {formatDate(section.today)};{' '}
        {missing === 0 ? 'everyone expected has signed the current waiver.' : `${countOf(missing, 'person', 'people')} expected without the current waiver: the desk has them sign on arrival.`}
      </p>
      <StaffTable label="Today’s sessions" columns={COLUMNS} rows={section.sessions} rowKey={(s) => `${s.kind} ${s.id}`} />
    </>
  )
}
