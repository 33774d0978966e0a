import { useQuery } from '@tanstack/react-query'
import { formatPhone } from '../../../shared/phone.ts'
import { Link } from 'react-router'
import { formatDate, formatDateTime } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { moneyMoveLabel } from '../../../shared/schemas/payments.ts'
import type { PlayerView } from '../../../shared/contracts/teams.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { describeEntry } from '../offerings/registration-panel/history.ts'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { playerQuery } from '../../queries/teams.ts'

/** A player on a roster, for staff (and the player): contact, waiver, place, payments and every move. */
export function PlayerScreen({ player: query }: { player: ReturnType<typeof playerQuery> }) {
  const { data, error } = useQuery(query)
  return (
    <section className="page">
      <h1>Player</h1>
      {error instanceof ApiError && error.status === 404 ? (
        <>
          <h2>Player not found</h2>
          <p>This player is not on this team, or you may not see them.</p>
        </>
      ) : error ? (
        <Alert>{errorMessage(error)}</Alert>
      ) : !data ? (
        <p className="loading">Loading the player…</p>
      ) : (
        <PlayerDetails player={data.player} />
      )}
    </section>
  )
}

function PlayerDetails({ player }: { player: PlayerView }) {
  return (
    <>
      <h2>
        {player.name}
        {player.isCaptain && <span className="staff-badge"> Captain</span>}
      </h2>
      <dl className="staff-facts">
        <div>
          <dt>Team</dt>
          <dd>
            <Link to={href('leagueTeam', { leagueId: player.leagueId, teamId: player.teamId })}>{player.teamName}</Link>, {player.leagueName}
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${player.email}`}>{player.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{player.phone ? formatPhone(player.phone) : 'Not given'}</dd>
        </div>
        <div>
          <dt>Waiver</dt>
          <dd>
            {player.waiver.signed
              ? `Signed (version ${player.waiver.version}${player.waiver.signedAt ? `, ${formatDate(player.waiver.signedAt)}` : ''})`
              : `Not signed for version ${player.waiver.version}`}
          </dd>
        </div>
        <div>
          <dt>Registration</dt>
          <dd>
            {STATUS_LABELS[player.status]}, receipt {player.receiptNumber}
          </dd>
        </div>
        <div>
          <dt>Fee, paid, balance</dt>
          <dd>
            {formatMoney(player.priceCents)}, {formatMoney(player.paidCents)}, {formatMoney(player.balanceCents)}
          </dd>
        </div>
      </dl>
      <h3>Payments</h3>
      {player.payments.length === 0 ? (
        <p>No payment recorded.</p>
      ) : (
        <ul className="account-list">
          {player.payments.map((p) => (
            <li key={p.id}>
              {formatDate(p.recordedAt)}: {formatMoney(p.amountCents)} {moneyMoveLabel(p)}
              {p.reference ? ` (${p.reference})` : ''}
            </li>
          ))}
        </ul>
      )}
      <h3>History</h3>
      <ol className="account-list">
        {player.history.map((entry, i) => (
          <li key={i}>
            {formatDateTime(entry.at)}: {describeEntry(entry)} ({entry.place}){entry.actorName ? `, by ${entry.actorName}` : ''}
          </li>
        ))}
      </ol>
    </>
  )
}
