import { useQuery } from '@tanstack/react-query'
import { formatPhone } from '../../shared/phone.ts'
import { Link, useParams } from 'react-router'
import { formatDate } from '../../shared/format.ts'
import { formatMoney } from '../../shared/money.ts'
import { href } from '../../shared/paths.ts'
import { STATUS_LABELS, type RegistrationStatus } from '../../shared/schemas/registration.ts'
import type { leagueRegistrantsCsv, Registrant } from '../../shared/contracts/desk.ts'
import { Alert } from '../components/ui/alert.tsx'
import { errorMessage } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'
import { registrantsQuery } from '../queries/desk.ts'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'

/**
 * /leagueRegistrants/:leagueId: everyone registered in a league for the desk and the coach, a
 * team league's players by team. Printed, each team has a sheet of its own; the CSV has them all.
 */
export function opensWith({ params: { leagueId = '' } }: PageVisit) {
  return { registrants: registrantsQuery(leagueId) }
}

export default function LeagueRegistrantsPage() {
  const { leagueId = '' } = useParams()
  const { registrants } = usePageQueries(opensWith)
  const { data, error } = useQuery(registrants)
  const groups = new Map<string, Registrant[]>()
  for (const r of data?.registrants ?? []) groups.set(r.team?.name ?? '', [...(groups.get(r.team?.name ?? '') ?? []), r])
  return (
    <section className="page registrants-page">
      <h1>League Registrants</h1>
      <p className="no-print">
        <Link to={href('desk')}>Back to the front desk</Link>
      </p>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!data && !error && <p className="loading">Loading the registrants…</p>}
      {data && (
        <>
          <h2>{data.league.name}</h2>
          <p>
            Starts {formatDate(data.league.startDate)} · {data.registrants.length} registrant{data.registrants.length === 1 ? '' : 's'}
          </p>
          <div className="staff-actions no-print">
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
            <a className="button secondary" href={urlOf<typeof leagueRegistrantsCsv>('/api/desk/leagues/:leagueId/registrants.csv', { params: { leagueId } })} download>
              Download CSV
            </a>
          </div>
          {data.registrants.length === 0 && <p>Nobody is registered yet.</p>}
          {[...groups].map(([team, people]) => (
            <section key={team} className="registrants-sheet">
              {team && <h3>{team}</h3>}
              {/* Focusable, so a keyboard can scroll a sheet wider than the screen. */}
              <div className="table-scroll" tabIndex={0} role="region" aria-label={`${team || data.league.name}: registrants`}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Age</th>
                      <th scope="col">Contact</th>
                      <th scope="col">Emergency contact</th>
                      <th scope="col">Medical notes</th>
                      <th scope="col">Waiver</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="staff-money">
                        Balance
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {people.map((r) => (
                      <tr key={r.registrationId}>
                        <th scope="row">
                          {r.name}
                          {r.isCaptain && ' (captain)'}
                          {r.accountName !== r.name && <span className="desk-result-detail">Guardian: {r.accountName}</span>}
                        </th>
                        <td>{r.age ?? 'Adult'}</td>
                        <td className="wrap-anywhere">
                          {formatPhone(r.phone)}
                          <br />
                          {r.email}
                        </td>
                        <td>{r.emergencyContact ?? '—'}</td>
                        <td>{r.medicalNotes ?? '—'}</td>
                        <td>{r.waiverSigned ? 'Signed' : 'Not signed'}</td>
                        <td>{STATUS_LABELS[r.status as RegistrationStatus] ?? r.status}</td>
                        <td className="staff-money">{formatMoney(r.balanceCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
        </>
      )}
    </section>
  )
}
