import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { formatDate, formatDateRange } from '../../../shared/format.ts'
import { playersText } from '../../../shared/schemas/team.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import type { Invitation } from '../../../shared/contracts/teams.ts'
import type { NavigationState } from '../../components/layout.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { useSession } from '../../lib/session.tsx'
import { readWaiverRequest, type WaiverRequest } from '../../lib/waiver-request.ts'
import { ApiError } from '../../lib/api.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { invitationQuery } from '../../queries/teams.ts'
import { useJoinTeam } from './api/use-join-team.ts'

/**
 * The invite link a captain shares: the league, the team and its captain, then Join. A visitor
 * signs in or creates an account and comes back here; the waiver comes first when unsigned.
 */
export function JoinTeamScreen({ leagueId, teamId, invite }: { leagueId: string; teamId: string; invite: string }) {
  const invitation = useQuery({ ...invitationQuery(leagueId, teamId, invite), enabled: invite !== '' })

  return (
    <section className="page narrow">
      <h1>Join a Team</h1>
      {invite === '' && <Alert>The invite link is incomplete: open the whole link the captain sent.</Alert>}
      {invite !== '' && invitation.isPending && <p className="loading">Loading the invitation…</p>}
      {invitation.error && (
        <Alert>{invitation.error instanceof ApiError ? invitation.error.message : 'The invitation could not be loaded. Please reload the page.'}</Alert>
      )}
      {invitation.data && <InvitationDetails invitation={invitation.data.invitation} invite={invite} />}
    </section>
  )
}

function InvitationDetails({ invitation, invite }: { invitation: Invitation; invite: string }) {
  const { user } = useSession()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const here = location.pathname + location.search
  const [joining, setJoining] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const answer = useJoinTeam(invitation, invite)

  const captaining = invitation.heldFor !== null
  const canAct = captaining || (!invitation.rosterFull && invitation.rosterOpen)

  // Back from the waiver with "Continue registration": the join the person asked for is made, once.
  const resumed = useRef(false)
  useEffect(() => {
    if (resumed.current || !user || !canAct || readWaiverRequest(location.state).resume !== invitation.teamId) return
    resumed.current = true
    navigate(here, { replace: true, state: {} })
    void join()
  })

  async function join() {
    setJoining(true)
    setProblem(null)
    try {
      const { team } = await answer.mutateAsync()
      const flash = captaining ? `${team.name} is registered, with you as its captain. Share its invite link with your players.` : `You joined ${team.name}.`
      navigate(href('leagueTeam', { leagueId: team.leagueId, teamId: team.id }), { state: { flash, flashTone: 'success' } satisfies NavigationState })
    } catch (error) {
      if (error instanceof ApiError && error.fields.waiver === 'WAIVER_REQUIRED') {
        navigate(href('waiver'), { state: { from: here, resume: invitation.teamId } satisfies WaiverRequest })
      } else {
        setProblem(error instanceof ApiError ? error.message : 'Joining failed. Please try again.')
      }
    } finally {
      setJoining(false)
    }
  }

  return (
    <article className="account-panel" aria-labelledby="invitation-team">
      <h2 id="invitation-team">{invitation.teamName}</h2>
      {captaining ? (
        <p>
          The facility has created {invitation.teamName} in {invitation.leagueName} for its captain, {invitation.heldFor}. Sign in with that
          address (or create an account with it), sign the waiver and complete the team’s registration; then invite your players.
        </p>
      ) : (
        <p>
          {invitation.captainFirstName} invites you to play on {invitation.teamName} in {invitation.leagueName}.
        </p>
      )}
      <dl className="staff-facts">
        <div>
          <dt>League</dt>
          <dd>
            {invitation.leagueName}, {formatDateRange(invitation.startDate, invitation.endDate)}
          </dd>
        </div>
        {!captaining && (
          <div>
            <dt>Captain</dt>
            <dd>{invitation.captainFirstName}</dd>
          </div>
        )}
        <div>
          <dt>Roster</dt>
          <dd>
            {playersText(invitation)}
          </dd>
        </div>
        {captaining && invitation.teamFeeCents !== null && (
          <div>
            <dt>Team fee</dt>
            <dd>{formatMoney(invitation.teamFeeCents)}, paid at the front desk</dd>
          </div>
        )}
        <div>
          <dt>{captaining ? 'Each player’s fee' : 'Your fee'}</dt>
          <dd>{invitation.playerFeeCents === null ? 'Paid by the captain' : `${formatMoney(invitation.playerFeeCents)}, paid at the front desk`}</dd>
        </div>
      </dl>
      {problem && <Alert>{problem}</Alert>}
      {captaining ? null : invitation.rosterFull ? (
        <p>This team’s roster is full.</p>
      ) : !invitation.rosterOpen ? (
        <p>The roster deadline{invitation.rosterDeadline ? ` (${formatDate(invitation.rosterDeadline)})` : ''} has passed: players can no longer join.</p>
      ) : null}
      {canAct && user && (
        <button type="button" className="button" disabled={joining || !hydrated} onClick={() => void join()}>
          {joining ? 'Saving…' : captaining ? 'Complete the team’s registration' : `Join ${invitation.teamName}`}
        </button>
      )}
      {canAct && !user && (
        <>
          <p>Sign in or create an account to {captaining ? 'complete the team' : 'join'}; you will come back to this page.</p>
          <div className="staff-actions">
            <Link className="button" to={href('signIn')} state={{ from: here } satisfies NavigationState}>
              Sign in
            </Link>
            <Link className="button secondary" to={href('createAccount')} state={{ from: here } satisfies NavigationState}>
              Create Account
            </Link>
          </div>
        </>
      )}
    </article>
  )
}
