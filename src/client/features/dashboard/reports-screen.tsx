import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { attendanceReportCsv, paymentsReportCsv, registrationsReportCsv, ReportProgram, ReportsIndex } from '../../../shared/contracts/reports.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { errorMessage } from '../../lib/api.ts'
import { urlOf } from '../../lib/endpoint.ts'
import type { reportsIndexQuery } from '../../queries/reports.ts'

const KIND_LABELS: Record<ReportProgram['kind'], string> = { league: 'League', academy: 'Academy', camp: 'Camp' }

/**
 * Dashboard → Reports (issue 32): a range of the facility's days (this season to today at first)
 * and the CSV files for it — registrations, payments and refunds, an academy's attendance — and
 * each program's season summary to print. The files are plain links: the browser saves them.
 */
export function ReportsScreen({ query }: { query: ReturnType<typeof reportsIndexQuery> }) {
  const { data, error } = useQuery(query)
  if (error) return <Alert>{errorMessage(error)}</Alert>
  if (!data) return <p className="loading">Loading reports…</p>
  return <Reports index={data} />
}

interface Range {
  from: string
  to: string
}

/** The ranges a person asks for most, as the facility's days. */
function presetsOf({ today, seasonStart }: ReportsIndex): { label: string; range: Range }[] {
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7))
  return [
    { label: 'This season', range: { from: seasonStart, to: today } },
    { label: 'Last 30 days', range: { from: addDays(today, -29), to: today } },
    { label: 'Last week', range: { from: addDays(monday, -7), to: addDays(monday, -1) } },
    { label: 'Today', range: { from: today, to: today } },
  ]
}

function Reports({ index }: { index: ReportsIndex }) {
  const [range, setRange] = useState<Range>({ from: index.seasonStart, to: index.today })
  const [program, setProgram] = useState('')
  const academies = index.programs.filter((p) => p.kind === 'academy')
  const [academyId, setAcademyId] = useState(academies[0]?.ownerId ?? '')
  const complete = range.from !== '' && range.to !== ''
  const inOrder = complete && range.from <= range.to
  const query = inOrder ? range : undefined
  return (
    <>
      <section aria-labelledby="range-heading">
        <h2 id="range-heading">Days</h2>
        <p className="staff-muted">Days at the facility, from the first to the last. This season began on {formatDate(index.seasonStart)}.</p>
        <div className="toolbar" role="group" aria-label="The days the files cover">
          <div className="field">
            <label htmlFor="report-from">From</label>
            <input id="report-from" type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="report-to">To</label>
            <input id="report-to" type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
          </div>
          {presetsOf(index).map(({ label, range: preset }) => (
            <button key={label} type="button" className="secondary" aria-pressed={preset.from === range.from && preset.to === range.to} onClick={() => setRange(preset)}>
              {label}
            </button>
          ))}
        </div>
        {!complete && <Alert>Enter both days to download the files.</Alert>}
        {complete && !inOrder && <Alert>The first day must not be after the last.</Alert>}
      </section>
      <section aria-labelledby="payments-report-heading">
        <h2 id="payments-report-heading">Payments and refunds</h2>
        <p className="staff-muted">Each payment and each refund that went through, with its payer, method, reference, Stripe ids and what it paid for. Its totals are the Money section’s for the same days.</p>
        {query && (
          <a className="button secondary" href={urlOf<typeof paymentsReportCsv>('/api/admin/reports/payments.csv', { query })} download>
            Download payments and refunds (CSV)
          </a>
        )}
      </section>
      <section aria-labelledby="registrations-report-heading">
        <h2 id="registrations-report-heading">Registrations</h2>
        <p className="staff-muted">Registrations made on those days: participant, age, guardian, contact, team, status, price, discounts, paid, balance and waiver.</p>
        <div className="toolbar">
          <FilterSelect id="report-program" label="League, academy or camp" value={program} onChange={setProgram}>
            <option value="">All of them</option>
            {index.programs.map((p) => (
              <option key={p.ownerId} value={p.ownerId}>
                {p.name} ({KIND_LABELS[p.kind].toLowerCase()})
              </option>
            ))}
          </FilterSelect>
          {query && (
            <a className="button secondary" href={urlOf<typeof registrationsReportCsv>('/api/admin/reports/registrations.csv', { query: { ...query, program } })} download>
              Download registrations (CSV)
            </a>
          )}
        </div>
      </section>
      <section aria-labelledby="attendance-report-heading">
        <h2 id="attendance-report-heading">Attendance</h2>
        {academies.length === 0 ? (
          <p>There are no academies yet.</p>
        ) : (
          <>
            <p className="staff-muted">An academy’s participants and its sessions on those days, present or absent as the coach marked them.</p>
            <div className="toolbar">
              <FilterSelect id="report-academy" label="Academy" value={academyId} onChange={setAcademyId}>
                {academies.map((a) => (
                  <option key={a.ownerId} value={a.ownerId}>
                    {a.name}
                  </option>
                ))}
              </FilterSelect>
              {query && (
                <a className="button secondary" href={urlOf<typeof attendanceReportCsv>('/api/admin/reports/academies/:academyId/attendance.csv', { params: { academyId }, query })} download>
                  Download attendance (CSV)
                </a>
              )}
            </div>
          </>
        )}
      </section>
      <section aria-labelledby="summaries-heading">
        <h2 id="summaries-heading">Season summaries</h2>
        <p className="staff-muted">Each program’s season on one page to print: places, waitlist, teams, money and sign-ups per week.</p>
        <ul className="link-list">
          {index.programs.map((p) => (
            <li key={p.ownerId}>
              <Link to={href('reportSummary', { ownerId: p.ownerId })}>{p.name}</Link> — {KIND_LABELS[p.kind]}, {formatDate(p.startDate)} to {formatDate(p.endDate)}
              {p.isActive ? '' : ' (not active)'}
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
