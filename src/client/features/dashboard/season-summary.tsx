import { useQuery } from '@tanstack/react-query'
import type { SeasonSummary as Summary } from '../../../shared/contracts/reports.ts'
import { countOf, formatDate, formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import type { seasonSummaryQuery } from '../../queries/reports.ts'
import { RegistrationsChart } from './registrations-chart.tsx'

const KIND_LABELS = { league: 'League', academy: 'Academy', camp: 'Camp' } as const

/**
 * A league's, academy's or camp's season on one printed page (issue 32): places against capacity,
 * waitlist, teams, money collected, refunded and outstanding, and sign-ups per week as a chart
 * with its table (the chart is hidden from screen readers; the table says the same).
 */
export function SeasonSummary({ query }: { query: ReturnType<typeof seasonSummaryQuery> }) {
  const { data, error } = useQuery(query)
  if (error) return <Alert>{errorMessage(error)}</Alert>
  if (!data) return <p className="loading">Loading the summary…</p>
  return <Figures summary={data} />
}

type Week = Summary['perWeek'][number]
const WEEK_COLUMNS: StaffColumn<Week>[] = [
  { header: 'Week of', rowHeader: true, cell: (w) => formatDate(w.weekStart) },
  { header: 'Sign-ups', cell: (w) => w.count, className: 'staff-money' },
]

function Figures({ summary }: { summary: Summary }) {
  const { program, money, teams } = summary
  const signUps = summary.perWeek.reduce((sum, w) => sum + w.count, 0)
  return (
    <article className="season-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{program.name}</h2>
      <p>
        {KIND_LABELS[program.kind]}
        {program.sport ? `, ${program.sport}` : ''}: {formatDateRange(program.startDate, program.endDate)}. As of {formatDate(summary.today)}.
      </p>
      <dl className="summary-facts">
        <div>
          <dt>{teams ? 'Teams entered' : 'Places taken'}</dt>
          <dd>{summary.capacity === null ? `${summary.placesTaken} (no limit)` : `${summary.placesTaken} of ${summary.capacity}`}</dd>
        </div>
        <div>
          <dt>Waitlist</dt>
          <dd>{countOf(summary.waiting, 'person', 'people')}</dd>
        </div>
        {teams && (
          <div>
            <dt>Teams</dt>
            <dd>
              {teams.complete} complete, {teams.forming} forming
            </dd>
          </div>
        )}
        <div>
          <dt>Collected</dt>
          <dd>{formatMoney(money.collectedCents)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatMoney(money.refundedCents)}</dd>
        </div>
        <div>
          <dt>Outstanding</dt>
          <dd>{formatMoney(money.outstandingCents)}</dd>
        </div>
      </dl>
      <h3>Sign-ups by week</h3>
      <p>{countOf(signUps, 'sign-up')} in all, whatever became of them.</p>
      <RegistrationsChart perDay={summary.perWeek.map((w) => ({ day: w.weekStart, count: w.count }))} />
      <StaffTable label="Sign-ups by week" columns={WEEK_COLUMNS} rows={summary.perWeek} rowKey={(w) => w.weekStart} />
    </article>
  )
}
