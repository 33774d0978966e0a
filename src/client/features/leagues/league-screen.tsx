import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDate, formatDateRange } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { receiptPath } from '../../../shared/receipt-path.ts'
import { TEAM_PAYMENT_LABELS, TEAM_STATUS_LABELS } from '../../../shared/schemas/team.ts'
import type { AdminLeague, LeagueSummary } from '../../../shared/contracts/leagues.ts'
import { leaguePriceText } from '../../../shared/schemas/league.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { useSession } from '../../lib/session.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import { leagueQuery } from '../../queries/league.ts'
import { myRegistrationsQuery } from '../../queries/my-registrations.ts'
import { leaguePlayersQuery, myTeamsQuery, teamsCsvUrl } from '../../queries/teams.ts'
import { SIGN_UP_PAGES } from '../../lib/sign-up-sports.ts'
import { TeamsTable } from '../../components/teams-table.tsx'
import { useSetLeagueOpen } from './api/use-set-league-open.ts'

/**
 * A league's page: for admins, a team league's teams (roster count, status, amount owed), its
 * free agents and team waitlist, with the league's tools; for everyone else, the league and their
 * own place or teams in it. A league that does not exist shows `notFound`.
 */
export function LeagueScreen({
  leagueId,
  leaguesQuery,
  notFound,
}: {
  leagueId: string
  /** Every league, for an admin's tools; null for anyone else, who sees their own place in the league. */
  leaguesQuery: ReturnType<typeof adminLeaguesQuery> | null
  notFound: ReactNode
}) {
  const { user } = useSession()
  const summary = useQuery({ ...leagueQuery(leagueId), enabled: user !== null })
  if (summary.error instanceof ApiError && summary.error.status === 404) return notFound
  return (
    <section className="page">
      <h1>League</h1>
      {summary.error && <Alert>{errorMessage(summary.error)}</Alert>}
      {user && !summary.data && !summary.error && <p className="loading">Loading the league…</p>}
      {user && summary.data && (leaguesQuery ? <StaffLeague leagueId={leagueId} leaguesQuery={leaguesQuery} /> : <MyLeague league={summary.data.league} userId={user.uid} />)}
    </section>
  )
}

function MyLeague({ league, userId }: { league: LeagueSummary; userId: string }) {
  return (
    <>
      <h2>{league.name}</h2>
      <dl className="staff-facts">
        <div>
          <dt>Sport</dt>
          <dd>{SPORT_LABELS[league.sport]}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatDateRange(league.startDate, league.endDate)}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{leaguePriceText(league)}</dd>
        </div>
      </dl>
      {league.schedulePublished && (
        <p>
          <Link to={href('schedule', { leagueId: league.id })}>Schedule and standings</Link>
        </p>
      )}
      {league.kind === 'team' ? <MyTeams league={league} userId={userId} /> : <MyPlaces league={league} userId={userId} />}
    </>
  )
}

function MyTeams({ league, userId }: { league: LeagueSummary; userId: string }) {
  const mine = useQuery(myTeamsQuery(userId))
  const teams = mine.data?.teams.filter((t) => t.leagueId === league.id)
  if (mine.error) return <Alert>{errorMessage(mine.error)}</Alert>
  if (!teams) return <p className="loading">Loading your teams…</p>
  if (teams.length === 0) {
    return league.isActive ? (
      <p>
        You have no team in this league. <Link to={href('createTeam')}>Create a team</Link>, or ask a captain for their invite link.
      </p>
    ) : (
      <p>You have no team in this league, and it is closed for registration.</p>
    )
  }
  return (
    <ul className="account-list">
      {teams.map((team) => (
        <li key={team.id}>
          <Link to={href('leagueTeam', { leagueId: league.id, teamId: team.id })}>{team.name}</Link> — {TEAM_STATUS_LABELS[team.status]}
          {team.isCaptain ? ', you are the captain' : ''}
        </li>
      ))}
    </ul>
  )
}

function MyPlaces({ league, userId }: { league: LeagueSummary; userId: string }) {
  const mine = useQuery(myRegistrationsQuery(userId))
  const places = mine.data?.registrations.filter(({ offering: { details } }) => 'league' in details && details.league.id === league.id)
  if (mine.error) return <Alert>{errorMessage(mine.error)}</Alert>
  if (!places) return <p className="loading">Loading your registrations…</p>
  if (places.length === 0) {
    return league.isActive ? (
      <p>
        You are not registered in this league. <Link to={href(SIGN_UP_PAGES[league.sport])}>Sign up</Link> to take a place.
      </p>
    ) : (
      <p>You are not registered in this league, and it is closed for registration.</p>
    )
  }
  return (
    <ul className="account-list">
      {places.map((r) => (
        <li key={r.id}>
          {r.child ? r.child.name : 'You'} — {STATUS_LABELS[r.status]}.{' '}
          <Link to={receiptPath(r)}>
            View receipt<span className="visually-hidden"> for {r.child ? r.child.name : 'you'}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function StaffLeague({ leagueId, leaguesQuery }: { leagueId: string; leaguesQuery: ReturnType<typeof adminLeaguesQuery> }) {
  const leagues = useQuery(leaguesQuery)
  const league = leagues.data?.leagues.find((l) => l.id === leagueId)
  const board = useQuery({ ...leaguePlayersQuery(leagueId), enabled: league?.kind === 'team' })
  const close = useSetLeagueOpen()

  if (leagues.error) return <Alert>{errorMessage(leagues.error)}</Alert>
  if (!leagues.data) return <p className="loading">Loading the league…</p>
  if (!league) return <p className="loading">Loading the league…</p>
  return (
    <>
      <div className="team-head">
        <h2>{league.name}</h2>
        <span className={league.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{league.isActive ? 'Open' : 'Closed'}</span>
      </div>
      <LeagueFacts league={league} />
      <div className="staff-actions">
        {league.kind === 'team' && (
          <>
            <Link className="button" to={href('manageLeaguePlayers', { leagueId })}>
              Manage players
            </Link>
            <Link className="button secondary" to={href('createTeamAdmin')}>
              Create a team
            </Link>
            <Link className="button secondary" to={href('addTeams')}>
              Add teams
            </Link>
            <a className="button secondary" href={teamsCsvUrl(leagueId)} download>
              Export CSV
            </a>
          </>
        )}
        <button type="button" className="button secondary" disabled={close.isPending} onClick={() => close.mutate({ leagueId, isActive: !league.isActive })}>
          {league.isActive ? 'Close registration' : 'Open registration'}
        </button>
      </div>
      {close.error && <Alert>{close.error instanceof ApiError ? close.error.message : 'The change failed. Please try again.'}</Alert>}
      {close.isSuccess && <Alert tone="success">{`${league.name} is now ${league.isActive ? 'open' : 'closed'} for registration.`}</Alert>}
      {league.kind === 'team' && (
        <>
          <h3>Teams</h3>
          {board.error && <Alert>{errorMessage(board.error)}</Alert>}
          {!board.data && !board.error && <p className="loading">Loading teams…</p>}
          {board.data && board.data.teams.length === 0 && <p>No team has registered yet.</p>}
          {board.data && board.data.teams.length > 0 && <TeamsTable teams={board.data.teams} showLeague={false} />}
          {board.data && (
            <p>
              {board.data.freeAgents.length === 0
                ? 'No free agent is waiting for a team.'
                : `${board.data.freeAgents.length} free agent${board.data.freeAgents.length === 1 ? ' is' : 's are'} waiting for a team: `}
              {board.data.freeAgents.length > 0 && <Link to={href('manageLeaguePlayers', { leagueId })}>place them on teams</Link>}
            </p>
          )}
        </>
      )}
    </>
  )
}

function LeagueFacts({ league }: { league: AdminLeague }) {
  return (
    <dl className="staff-facts">
      <div>
        <dt>Dates</dt>
        <dd>
          {formatDateRange(league.startDate, league.endDate)}
        </dd>
      </div>
      <div>
        <dt>Registration</dt>
        <dd>
          from {formatDate(league.registrationDate)}
          {league.registrationDeadline && ` to ${formatDate(league.registrationDeadline)}`}
        </dd>
      </div>
      {league.teams ? (
        <>
          <div>
            <dt>Teams</dt>
            <dd>
              {league.teamsTaken} of {league.teamCapacity ?? 'any number'}; {league.teams.complete} complete, {league.teams.forming} forming,{' '}
              {league.teams.waitlisted} waiting
            </dd>
          </div>
          <div>
            <dt>Rosters</dt>
            <dd>
              {league.rosterMin ?? 1} to {league.rosterMax ?? 'any number of'} players
              {league.rosterDeadline && `, changes until ${formatDate(league.rosterDeadline)}`}
            </dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>
              {league.teamPayment ? `${TEAM_PAYMENT_LABELS[league.teamPayment]}: ` : ''}
              {leaguePriceText(league)}
            </dd>
          </div>
        </>
      ) : (
        <div>
          <dt>Places</dt>
          <dd>
            {league.placesTaken} of {league.capacity ?? 'any number'}, {league.waitlistSize} waiting; {leaguePriceText(league)} each
          </dd>
        </div>
      )}
    </dl>
  )
}
