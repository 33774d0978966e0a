import { useQuery } from '@tanstack/react-query'
import { formatPhone } from '../../../shared/phone.ts'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { playersText, TEAM_STATUS_LABELS } from '../../../shared/schemas/team.ts'
import type { LeaguePlayers } from '../../../shared/contracts/teams.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import type { leaguePlayersQuery } from '../../queries/teams.ts'
import { useMovePlayer } from './api/use-move-player.ts'

type Team = LeaguePlayers['teams'][number]

/**
 * A team league's rosters and the free agents of its sport; staff place free agents on teams and
 * move players between them, the roster maximum respected by the server. Every control is a
 * native select or button, so the keyboard works.
 */
export function LeaguePlayersScreen({
  leagueId,
  leaguesQuery,
  playersQuery,
}: {
  leagueId: string
  leaguesQuery: ReturnType<typeof adminLeaguesQuery> | null
  /** The chosen league's players; null before one is chosen. */
  playersQuery: ReturnType<typeof leaguePlayersQuery> | null
}) {
  return (
    <section className="page">
      <h1>Manage League Players</h1>
      {!leaguesQuery ? (
        <p>The facility’s staff place players and free agents on teams here. Your own teams are on your account page.</p>
      ) : (
        <>
          <LeaguePicker leagueId={leagueId} leaguesQuery={leaguesQuery} />
          {playersQuery && <LeagueBoard key={leagueId} playersQuery={playersQuery} />}
        </>
      )}
    </section>
  )
}

function LeaguePicker({ leagueId, leaguesQuery }: { leagueId: string; leaguesQuery: ReturnType<typeof adminLeaguesQuery> }) {
  const navigate = useNavigate()
  const leagues = useQuery(leaguesQuery)
  const teamLeagues = leagues.data?.leagues.filter((l) => l.kind === 'team') ?? []
  return (
    <div className="toolbar">
      <FilterSelect id="players-league" label="League" value={leagueId} onChange={(id) => navigate(id ? href('manageLeaguePlayers', { leagueId: id }) : href('manageLeaguePlayers', {}))}>
        <option value="">Choose a team league</option>
        {teamLeagues.map((league) => (
          <option key={league.id} value={league.id}>
            {league.name}
            {league.isActive ? '' : ' (closed)'}
          </option>
        ))}
      </FilterSelect>
      {leagues.error && <Alert>{`The leagues could not be loaded: ${errorMessage(leagues.error)}`}</Alert>}
    </div>
  )
}

const room = (team: Team) => team.rosterMax === null || team.playerCount < team.rosterMax
const teamChoice = (team: Team) => `${team.name} (${team.playerCount}${team.rosterMax === null ? '' : ` of ${team.rosterMax}`})`

function LeagueBoard({ playersQuery }: { playersQuery: ReturnType<typeof leaguePlayersQuery> }) {
  const board = useQuery(playersQuery)
  const [news, setNews] = useState<string | null>(null)
  const move = useMovePlayer()
  const moveTo = (registrationId: string, name: string, team: Team) =>
    move.mutate({ registrationId, teamId: team.id }, { onSuccess: () => setNews(`${name} is now on ${team.name}.`), onError: () => setNews(null) })

  if (board.error) return <Alert>{board.error instanceof ApiError && board.error.status === 404 ? 'There is no such team league.' : errorMessage(board.error)}</Alert>
  if (!board.data) return <p className="loading">Loading players…</p>
  const { teams, freeAgents } = board.data
  const placeable = teams.filter((t) => t.status !== 'held' && t.status !== 'withdrawn')

  return (
    <>
      <div role="status">{news}</div>
      {move.error && <Alert>{move.error instanceof ApiError ? move.error.message : 'The move failed. Please try again.'}</Alert>}
      <section aria-labelledby="free-agents">
        <h2 id="free-agents">Free agents</h2>
        {freeAgents.length === 0 ? (
          <p>No free agent is waiting for a team.</p>
        ) : (
          <StaffTable
            label="Free agents"
            rows={freeAgents}
            rowKey={(agent) => agent.registrationId}
            columns={[
              {
                header: 'Player',
                rowHeader: true,
                cell: (agent) => (
                  <>
                    {agent.name}
                    <br />
                    <span className="staff-muted">
                      {agent.email}
                      {agent.phone && `, ${formatPhone(agent.phone)}`}
                    </span>
                  </>
                ),
              },
              {
                header: 'Signed up',
                cell: (agent) => (
                  <>
                    {agent.fromLeagueName}
                    <br />
                    <span className="staff-muted">{formatDate(agent.signedUpAt)}</span>
                  </>
                ),
              },
              { header: 'Paid', className: 'staff-money', cell: (agent) => formatMoney(agent.paidCents) },
            ]}
            actionsHeader="Place on a team"
            actions={(agent) => (
              <MoveControl
                id={`place-${agent.registrationId}`}
                label={`Team for ${agent.name}`}
                action="Place"
                who={agent.name}
                teams={placeable}
                busy={move.isPending}
                onMove={(team) => moveTo(agent.registrationId, agent.name, team)}
              />
            )}
          />
        )}
      </section>
      <h2>Teams</h2>
      {teams.length === 0 && <p>No team has registered yet.</p>}
      {teams.map((team) => (
        <section key={team.id} className="account-panel" aria-labelledby={`team-${team.id}`}>
          <div className="team-head">
            <h3 id={`team-${team.id}`}>
              <Link to={href('leagueTeam', { leagueId: team.leagueId, teamId: team.id })}>{team.name}</Link>
            </h3>
            <span className={`staff-badge team-status-${team.status}`}>{TEAM_STATUS_LABELS[team.status]}</span>
            <span className="staff-muted">
              {playersText(team)}, captain {team.captainName || team.captainEmail}
            </span>
          </div>
          {team.players.length > 0 && (
            <StaffTable
              label={`Players of ${team.name}`}
              rows={team.players}
              rowKey={(player) => player.registrationId}
              columns={[
                {
                  header: 'Player',
                  rowHeader: true,
                  cell: (player) => (
                    <>
                      <Link to={href('leagueTeamPlayer', { leagueId: team.leagueId, teamId: team.id, playerId: player.registrationId })}>{player.name}</Link>
                      <br />
                      <span className="staff-muted">{player.email}</span>
                    </>
                  ),
                },
                { header: 'Balance', className: 'staff-money', cell: (player) => formatMoney(player.balanceCents) },
              ]}
              actionsHeader="Move to another team"
              actions={(player) => (
                <MoveControl
                  id={`move-${player.registrationId}`}
                  label={`New team for ${player.name}`}
                  action="Move"
                  who={player.name}
                  teams={placeable.filter((t) => t.id !== team.id)}
                  busy={move.isPending}
                  onMove={(to) => moveTo(player.registrationId, player.name, to)}
                />
              )}
            />
          )}
        </section>
      ))}
    </>
  )
}

/** A team to choose (full rosters shown, not chosen) and the button that acts. */
function MoveControl(props: { id: string; label: string; action: string; who: string; teams: Team[]; busy: boolean; onMove(team: Team): void }) {
  const [teamId, setTeamId] = useState('')
  const team = props.teams.find((t) => t.id === teamId)
  if (props.teams.length === 0) return <span className="staff-muted">No other team</span>
  return (
    <div className="staff-actions">
      <label className="visually-hidden" htmlFor={props.id}>
        {props.label}
      </label>
      <select id={props.id} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
        <option value="">Choose a team</option>
        {props.teams.map((t) => (
          <option key={t.id} value={t.id} disabled={!room(t)}>
            {teamChoice(t)}
            {room(t) ? '' : ' — full'}
          </option>
        ))}
      </select>
      <RowAction row={` ${props.who}`} disabled={!team || props.busy} onAct={() => team && props.onMove(team)}>
        {props.action}
      </RowAction>
    </div>
  )
}
