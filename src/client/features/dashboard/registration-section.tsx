import { useQuery } from '@tanstack/react-query'
import type { ProgramFill, RegistrationSection as Section } from '../../../shared/contracts/dashboard-sections.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import type { registrationSectionQuery } from '../../queries/dashboard.ts'
import { RegistrationsChart } from './registrations-chart.tsx'

/**
 * How registration is going (issue 32): sign-ups today, this week and this season, each active
 * league's, academy's and camp's places against capacity (and each drop-in session's to come), and
 * sign-ups per day. A request of its own, which
 * the page opens with (routes/dashboard.tsx): read again after a change, it holds up no other section.
 */
export function RegistrationSection({ query }: { query: ReturnType<typeof registrationSectionQuery> }) {
  const { data, isError } = useQuery(query)
  return (
    <section aria-labelledby="registration-heading" aria-busy={!data && !isError}>
      <h2 id="registration-heading">Registration</h2>
      {isError ? <Alert>The registration figures could not be loaded. Please reload the page.</Alert> : data ? <Figures section={data} /> : <p className="loading">Loading registration figures…</p>}
    </section>
  )
}

const KIND_LABELS = { league: 'League', 'team-league': 'Team league', academy: 'Academy', camp: 'Camp', 'drop-in': 'Drop-in' } as const satisfies Record<ProgramFill['kind'], string>

const COLUMNS: StaffColumn<ProgramFill>[] = [
  { header: 'Program', rowHeader: true, cell: (p) => (p.day ? `${p.name}, ${formatDate(p.day)}` : p.name) },
  { header: 'Kind', cell: (p) => KIND_LABELS[p.kind] },
  { header: 'Places taken', priority: 'always', cell: (p) => <FillBar program={p} /> },
  { header: 'Waitlist', cell: (p) => p.waiting },
  { header: 'Teams', cell: (p) => (p.teams ? `${p.teams.complete} complete, ${p.teams.forming} forming` : '—') },
]

function Figures({ section }: { section: Section }) {
  const { registrations, perDay, seasonStart } = section
  const busiest = perDay.reduce<{ day: string; count: number } | undefined>((best, d) => (d.count > (best?.count ?? 0) ? d : best), undefined)
  const withSignUps = perDay.filter((d) => d.count > 0)
  return (
    <>
      <ul className="stat-list" aria-label="Sign-ups">
        <li>
          <span className="stat">{registrations.today}</span> today
        </li>
        <li>
          <span className="stat">{registrations.week}</span> this week
        </li>
        <li>
          <span className="stat">{registrations.season}</span> this season (since {formatDate(seasonStart)})
        </li>
      </ul>
      {section.programs.length === 0 ? (
        <p>No league, academy, camp or drop-in session is active.</p>
      ) : (
        <StaffTable label="Places in each active program" columns={COLUMNS} rows={section.programs} rowKey={(p) => p.ownerId} />
      )}
      <figure className="dashboard-chart">
        <figcaption id="signups-chart-caption">
          Sign-ups per day since {formatDate(seasonStart)}
          {busiest ? `: ${countOf(registrations.season, 'sign-up')} in all, most on ${formatDate(busiest.day)} (${busiest.count}).` : ': none yet.'}
        </figcaption>
        <RegistrationsChart perDay={perDay} />
        <details>
          <summary>Sign-ups per day as a table</summary>
          <table className="staff-table signups-table">
            <caption className="visually-hidden">Sign-ups per day since {formatDate(seasonStart)}; days without any are left out</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Sign-ups</th>
              </tr>
            </thead>
            <tbody>
              {withSignUps.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDate(d.day)}</th>
                  <td>{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figure>
    </>
  )
}

/** Places taken against capacity: a bar for the eye, and the same in words beside it. */
function FillBar({ program }: { program: ProgramFill }) {
  const noun = program.kind === 'team-league' ? 'teams' : 'places'
  if (program.capacity === null || program.capacity === 0) return <>{`${program.placesTaken} ${noun}, no limit`}</>
  const percent = Math.min(100, Math.round((program.placesTaken / program.capacity) * 100))
  return (
    <span className="fill">
      <svg className="fill-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect width="100" height="8" className="fill-bar-room" />
        <rect width={percent} height="8" className={percent === 100 ? 'fill-bar-full' : 'fill-bar-taken'} />
      </svg>
      {`${program.placesTaken} of ${program.capacity} ${noun} (${percent}%)`}
    </span>
  )
}
