import { useQuery, useQueryClient } from '@tanstack/react-query'
import { formatPhone } from '../../../shared/phone.ts'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { countOf, formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { isStaff } from '../../../shared/roles.ts'
import { href } from '../../../shared/paths.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { CreateTeamForm, INVITE_LIMITS, InviteEmailsForm, TEAM_PAYMENT_LABELS, TEAM_STATUS_LABELS } from '../../../shared/schemas/team.ts'
import type { TeamView } from '../../../shared/contracts/teams.ts'
import type { NavigationState } from '../../components/layout.tsx'
import { AddToCalendar } from '../offerings/add-to-calendar.tsx'
import { NextGame } from '../../components/next-game.tsx'
import { BlackoutDates } from './blackout-dates.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { useConfirm } from '../../components/ui/confirm-dialog.tsx'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { RegistrationDetailPanel } from '../offerings/registration-panel/registration-panel.tsx'
import { useSession } from '../../lib/session.tsx'
import { RecordHistory } from '../../components/record-history.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { teamQuery, TEAMS } from '../../queries/teams.ts'
import { siteConfig } from '../../site-config.ts'
import { useChangeRoster } from './api/use-change-roster.ts'
import { useClaimTeamPlace } from './api/use-claim-team-place.ts'
import { useEndTeamPlace } from './api/use-end-team-place.ts'
import { useRegenerateInvite } from './api/use-regenerate-invite.ts'
import { useRenameTeam } from './api/use-rename-team.ts'
import { useSendInvites } from './api/use-send-invites.ts'

/** A team's page: its captain manages the roster and the invite link, players see their team, staff see every team. */
export function TeamScreen({ team: query }: { team: ReturnType<typeof teamQuery> }) {
  const { data, error, isPending } = useQuery(query)

  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="page narrow">
        <h1>Team</h1>
        <h2>Team not found</h2>
        <p>This team does not exist, or you are not on it. Your teams are listed on your account page.</p>
        <p>
          <Link to={href('account')}>Go to your account</Link>
        </p>
      </section>
    )
  }
  return (
    <section className="page">
      <h1>Team</h1>
      {isPending && <p className="loading">Loading the team…</p>}
      {error && <Alert>{error instanceof ApiError ? error.message : 'The team could not be loaded. Please reload the page.'}</Alert>}
      {data && <TeamDetails team={data.team} />}
    </section>
  )
}

function TeamDetails({ team }: { team: TeamView }) {
  const { user } = useSession()
  const staff = user !== null && isStaff(user.userRole)
  const manager = team.viewer.isCaptain || team.viewer.isStaff
  const mine = team.players.find((p) => p.registrationId === team.viewer.registrationId)
  return (
    <>
      <div className="team-head">
        <h2>{team.name}</h2>
        <span className={`staff-badge team-status-${team.status}`}>{TEAM_STATUS_LABELS[team.status]}</span>
      </div>
      <dl className="staff-facts">
        <div>
          <dt>League</dt>
          <dd>{team.leagueName}</dd>
        </div>
        <div>
          <dt>Captain</dt>
          <dd>{team.captain.name}</dd>
        </div>
        <div>
          <dt>Roster</dt>
          <dd>
            {countOf(team.players.filter((p) => p.status === 'confirmed').length, 'player')}
            {team.rosterMin !== null && `, at least ${team.rosterMin}`}
            {team.rosterMax !== null && `, at most ${team.rosterMax}`}
          </dd>
        </div>
        <div>
          <dt>Roster deadline</dt>
          <dd>{team.rosterDeadline ? formatDate(team.rosterDeadline) : 'When registration closes'}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{TEAM_PAYMENT_LABELS[team.teamPayment]}</dd>
        </div>
      </dl>
      <StatusNote team={team} />
      <NextGame leagueId={team.leagueId} teamId={team.id} teamName={team.name} />
      {(manager || mine) && (
        <section className="account-panel" aria-labelledby="team-calendar">
          <h3 id="team-calendar">Games in your calendar</h3>
          <AddToCalendar owner={{ kind: 'team', leagueId: team.leagueId, teamId: team.id }} name={team.name} what="The team’s games, once the league’s schedule is out," canRenew={manager} />
        </section>
      )}
      {team.viewer.isCaptain && team.status !== 'withdrawn' && <BlackoutDates leagueId={team.leagueId} teamId={team.id} />}
      {team.entry && (manager || team.entry.priceCents > 0) && <EntryPanel team={team} entry={team.entry} />}
      {mine && !team.viewer.isCaptain && team.rosterOpen && (
        <EndPlace
          registrationId={mine.registrationId}
          question={`Leave ${team.name}? Your place on the roster goes.`}
          action={{ label: 'Leave the team', pending: 'Leaving…', failed: 'Leaving failed. Please try again.' }}
          done={`You left ${team.name}.`}
        />
      )}
      {mine && !manager && mine.priceCents !== null && mine.priceCents > 0 && (
        <p>
          Your player fee: {formatMoney(mine.priceCents)}, balance {formatMoney(mine.balanceCents ?? 0)} (pay at the front desk).{' '}
          <Link to={href('teamRegistrationReceipt', { userId: mine.userId, leagueId: team.leagueId, teamId: team.id })}>Your receipt</Link>
        </p>
      )}
      {staff && (
        <p>
          <Link to={href('manageLeaguePlayers', { leagueId: team.leagueId })}>Move players between the league’s teams</Link> ·{' '}
          <Link to={href('league', { leagueId: team.leagueId })}>The league’s teams</Link>
        </p>
      )}
      {manager && <InvitePanel team={team} />}
      {manager && <RenamePanel key={team.name} team={team} />}
      <Roster team={team} manager={manager} />
      {staff && <PaymentsPanel team={team} />}
      {user?.isAdmin && (
        <>
          <h2>Changes by staff</h2>
          <RecordHistory kind="team" id={team.id} />
        </>
      )}
    </>
  )
}

function StatusNote({ team }: { team: TeamView }) {
  const playing = team.players.filter((p) => p.status === 'confirmed').length
  const text = {
    held: team.hold
      ? `The place is held for ${team.hold.captainEmail} until ${new Date(team.hold.expiresAt).toLocaleString('en-US')}: they complete the team from the emailed link. Unclaimed, the place is released and admins are told.`
      : 'The place is held for the team’s captain.',
    forming: `The team is forming: it is complete once ${countOf(team.rosterMin ?? 1, 'player')} ${(team.rosterMin ?? 1) === 1 ? 'is' : 'are'} on the roster and every fee is paid.${
      team.rosterMin !== null && playing < team.rosterMin ? ` ${countOf(team.rosterMin - playing, 'more player', 'more players')} needed.` : ''
    }`,
    complete: 'The team is complete: the roster has the players it needs and every fee is paid.',
    waitlisted: `The league is full: the team is number ${team.entry?.waitlistPosition ?? '?'} on the waitlist. If a place opens, the captain is emailed and has a limited time to claim it.`,
    offered: `A place opened up for the team. Claim it${team.entry?.offerExpiresAt ? ` before ${new Date(team.entry.offerExpiresAt).toLocaleString('en-US')}` : ''}, or it goes to the next team.`,
    withdrawn: 'The team no longer holds a place in the league.',
  }[team.status]
  return <p className="staff-note">{text}</p>
}

function EntryPanel({ team, entry }: { team: TeamView; entry: NonNullable<TeamView['entry']> }) {
  const claim = useClaimTeamPlace(entry.registrationId)
  const entrant = team.viewer.isCaptain || team.viewer.isStaff
  return (
    <section className="account-panel" aria-labelledby="team-entry">
      <h3 id="team-entry">Team registration</h3>
      <dl className="staff-facts">
        <div>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[entry.status]}</dd>
        </div>
        <div>
          <dt>Receipt number</dt>
          <dd>{entry.receiptNumber}</dd>
        </div>
        <div>
          <dt>{team.teamPayment === 'deposit-and-player-fee' ? 'Team deposit' : 'Team fee'}</dt>
          <dd>{formatMoney(entry.priceCents)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatMoney(entry.paidCents)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{nothingDue(entry) ?? formatMoney(entry.balanceCents)}</dd>
        </div>
      </dl>
      {!nothingDue(entry) && entry.balanceCents > 0 && entrant && <p>Pay the balance at the front desk.</p>}
      {entry.status === 'offered' && team.viewer.isCaptain && (
        <button type="button" className="button" disabled={claim.isPending} onClick={() => claim.mutate()}>
          {claim.isPending ? 'Claiming…' : 'Claim the place'}
        </button>
      )}
      {claim.error && <Alert>{claim.error instanceof ApiError ? claim.error.message : 'Claiming failed. Please try again.'}</Alert>}
      {entrant && (
        <p>
          {/* The entry is the captain's: a handover hands it on. */}
          <Link to={href('teamRegistrationReceipt', { userId: team.captain.userId ?? '', leagueId: team.leagueId, teamId: team.id })}>Team receipt</Link>
        </p>
      )}
      {team.viewer.isCaptain && team.status !== 'withdrawn' && (
        <EndPlace
          registrationId={entry.registrationId}
          question={`Withdraw ${team.name} from ${team.leagueName}? The team gives up its place, every player’s place on the roster ends, and the invite link stops working.`}
          action={{ label: 'Withdraw the team', pending: 'Withdrawing…', failed: 'Withdrawing failed. Please try again.' }}
          done={`${team.name} was withdrawn from ${team.leagueName}. Each player was told.`}
          danger
        />
      )}
    </section>
  )
}

function InvitePanel({ team }: { team: TeamView }) {
  // What the last action did, and only that: copying, then making a new link, says the new link's news.
  const [notice, setNotice] = useState('')
  const regenerate = useRegenerateInvite(team)
  const confirm = useConfirm()
  const makeNewLink = () => {
    setNotice('')
    regenerate.mutate(undefined, { onSuccess: () => setNotice('A new link is ready, and the old one no longer works: share the new one.') })
  }
  const sendInvites = useSendInvites(team)
  const form = useForm(InviteEmailsForm, { emails: '' })
  const hydrated = useHydrated()
  const [sent, setSent] = useState<string[] | null>(null)
  const send = form.handleSubmit(async ({ emails }) => {
    try {
      const answer = await sendInvites.mutateAsync(emails)
      setSent(answer.sent)
      form.setServerErrors({}, null)
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Sending failed. Please try again.')
    }
  })
  if (!team.inviteUrl) return null
  // The address the captain reached the site at, which their players can reach too (the
  // server's own may be localhost when no PUBLIC_URL is set); emails use the server's. The server
  // renders the invitation's own, and the browser puts its address in once it takes the page over.
  const link = new URL(team.inviteUrl)
  const inviteUrl = `${hydrated ? window.location.origin : link.origin}${link.pathname}${link.search}`

  async function copy() {
    try {
      await navigator.clipboard.writeText(inviteUrl)
      setNotice('The link is copied.')
    } catch {
      setNotice('This browser did not let the page copy: select the link and copy it.')
    }
  }

  return (
    <section className="account-panel" aria-labelledby="team-invite">
      <h3 id="team-invite">Invite players</h3>
      <p>Share this private link with your players. Anyone with it can join the team while the roster has room.</p>
      <div className="field">
        <label htmlFor="invite-link">Invite link</label>
        <input id="invite-link" type="text" readOnly value={inviteUrl} onFocus={(e) => e.target.select()} />
      </div>
      <div className="staff-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy link
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={regenerate.isPending}
          onClick={() => confirm.ask({ question: 'Make a new link? The current link will stop working.', confirmLabel: 'Make a new link', onConfirm: makeNewLink })}
        >
          {regenerate.isPending ? 'Making a new link…' : 'Make a new link'}
        </button>
        {confirm.dialog}
      </div>
      <div role="status">{notice}</div>
      {!siteConfig.sendsEmail && <p>Email is not set up on this site: copy the link and share it with your players yourself.</p>}
      {siteConfig.sendsEmail && (
        <form className="team-invite-form" onSubmit={send} noValidate>
          {form.message && <Alert>{form.message}</Alert>}
          <TextAreaField label={InviteEmailsForm.emails.label} field={form.field('emails')} error={form.errors.emails} rows={3} hint={`Separate addresses with commas or new lines; up to ${INVITE_LIMITS.perRequest} at once, ${INVITE_LIMITS.perTeamPerDay} a day.`} />
          <button type="submit" className="button secondary" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Sending…' : 'Email the link'}
          </button>
        </form>
      )}
      {sent && (
        <p role="status">
          Sent to {sent.length} address{sent.length === 1 ? '' : 'es'}: {sent.join(', ')}.
        </p>
      )}
    </section>
  )
}

type Player = TeamView['players'][number]

/** What the team's captain and staff read of each player beside the name: how to reach them, the waiver, what they owe. */
const managerColumns: StaffColumn<Player>[] = [
  {
    header: 'Contact',
    cell: (player) => (
      <>
        <span className="wrap-anywhere">{player.email}</span>
        {player.phone && (
          <>
            <br />
            <span className="staff-nowrap">{formatPhone(player.phone)}</span>
          </>
        )}
      </>
    ),
  },
  { header: 'Waiver', className: 'staff-words', cell: (player) => (player.waiverSigned ? 'Signed' : 'Not signed') },
  { header: 'Balance', className: 'staff-money', cell: (player) => formatMoney(player.balanceCents ?? 0) },
]

function Roster({ team, manager }: { team: TeamView; manager: boolean }) {
  const change = useChangeRoster(team)
  const canRemove = team.viewer.isStaff || team.rosterOpen
  return (
    <section aria-labelledby="team-roster">
      <h3 id="team-roster">Roster</h3>
      {change.error && <Alert>{change.error instanceof ApiError ? change.error.message : 'The change failed. Please try again.'}</Alert>}
      <StaffTable
        label="Roster"
        rows={team.players}
        rowKey={(player) => player.registrationId}
        columns={[
          {
            header: 'Player',
            rowHeader: true,
            cell: (player) => (
              <>
                {team.viewer.isStaff ? <Link to={href('leagueTeamPlayer', { leagueId: team.leagueId, teamId: team.id, playerId: player.registrationId })}>{player.name}</Link> : player.name}
                {player.isCaptain && <span className="staff-badge"> Captain</span>}
              </>
            ),
          },
          ...(manager ? managerColumns : []),
          // A date has no word to break at: it stays whole ("11/27/2026", never "11/27/20/26").
          { header: 'Joined', className: 'staff-words', cell: (player) => formatDate(player.joinedAt) },
        ]}
        actions={
          manager
            ? (player) =>
                !player.isCaptain && (
                  <div className="staff-actions">
                    <RowAction
                      className="link-button"
                      row={`: ${player.name}`}
                      question={`Make ${player.name} the captain?${team.viewer.isCaptain ? ' You will no longer manage the team.' : ''}`}
                      disabled={change.isPending}
                      onAct={() => change.mutate({ action: 'captain', player })}
                    >
                      Make captain
                    </RowAction>
                    {canRemove && (
                      <RowAction className="link-button" row={` ${player.name}`} question={`Take ${player.name} off the roster?`} disabled={change.isPending} onAct={() => change.mutate({ action: 'remove', player })}>
                        Remove
                      </RowAction>
                    )}
                  </div>
                )
            : undefined
        }
      />
    </section>
  )
}

function RenamePanel({ team }: { team: TeamView }) {
  const rename = useRenameTeam(team)
  const form = useForm(CreateTeamForm, { name: team.name })
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync(name)
    } catch (error) {
      form.setServerErrors(error instanceof ApiError ? error.fields : {}, error instanceof ApiError ? error.message : 'Renaming failed. Please try again.')
    }
  })
  return (
    <section className="account-panel" aria-labelledby="team-rename">
      <h3 id="team-rename">Team name</h3>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <TextField label={CreateTeamForm.name.label} field={form.field('name')} error={form.errors.name} autoComplete="off" />
        <button type="submit" className="button secondary" disabled={form.submitting || !form.ready}>
          {form.submitting ? 'Saving…' : 'Rename the team'}
        </button>
      </form>
    </section>
  )
}

/** The front desk's payments for the team: its fee and each player's, through the registration panel staff know. */
function PaymentsPanel({ team }: { team: TeamView }) {
  const client = useQueryClient()
  const [open, setOpen] = useState<string | null>(null)
  const lines = [
    ...(team.entry ? [{ id: team.entry.registrationId, label: team.teamPayment === 'deposit-and-player-fee' ? 'Team deposit' : 'Team fee', balance: team.entry.balanceCents }] : []),
    ...team.players.map((p) => ({ id: p.registrationId, label: p.name, balance: p.balanceCents ?? 0 })),
  ].filter((line) => line.balance > 0)
  return (
    <section aria-labelledby="team-payments">
      <h3 id="team-payments">Front desk payments</h3>
      {lines.length === 0 ? (
        <p>Nothing is owed.</p>
      ) : (
        <ul className="account-list">
          {lines.map((line) => (
            <li key={line.id}>
              {line.label}: {formatMoney(line.balance)} due{' '}
              <button id={`pay-${line.id}`} type="button" className="link-button" onClick={() => setOpen(line.id)}>
                Record a payment<span className="visually-hidden"> for {line.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <RegistrationDetailPanel
          key={open}
          registrationId={open}
          onClose={() => {
            setOpen(null)
            void client.invalidateQueries({ queryKey: TEAMS })
          }}
        />
      )}
    </section>
  )
}

/**
 * Ends one of the viewer's places after asking: a player leaving the team, or its captain
 * withdrawing it (every place on the roster ends with it). Then back to the account page.
 */
function EndPlace(props: { registrationId: string; question: string; action: { label: string; pending: string; failed: string }; done: string; danger?: boolean }) {
  const navigate = useNavigate()
  const confirm = useConfirm()
  const end = useEndTeamPlace(props.registrationId, {
    onEnded: () => navigate(href('account'), { state: { flash: props.done, flashTone: 'success' } satisfies NavigationState }),
  })
  return (
    <div className="staff-actions">
      <button
        type="button"
        className={props.danger ? 'button account-danger' : 'button secondary'}
        disabled={end.isPending}
        onClick={() => confirm.ask({ question: props.question, confirmLabel: props.action.label, danger: props.danger, onConfirm: () => end.mutate() })}
      >
        {end.isPending ? props.action.pending : props.action.label}
      </button>
      {confirm.dialog}
      {end.error && <Alert>{end.error instanceof ApiError ? end.error.message : props.action.failed}</Alert>}
    </div>
  )
}
