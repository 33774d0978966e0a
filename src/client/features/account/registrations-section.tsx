import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { formatDate, formatDateTime } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { ACTIVE_STATUSES, CHARGED_STATUSES, nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { PayOnlineLinks } from '../../components/pay-online-links.tsx'
import { AddToCalendar } from '../offerings/add-to-calendar.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { myRegistrationsQuery } from '../../queries/my-registrations.ts'
import { href } from '../../../shared/paths.ts'
import { receiptPath } from '../../../shared/receipt-path.ts'
import { nextPartText, overduePart, partsOfPlace } from '../../../shared/payment-plan.ts'
import { useClaimOrCancel, type PlaceAction } from './api/use-claim-or-cancel.ts'
import { facilityDayNow } from '../../lib/facility-day.ts'
import { siteConfig } from '../../site-config.ts'
import { nextSessionText } from './next-session.ts'


function balanceText(registration: RegistrationView): string {
  const none = nothingDue(registration)
  if (none) return none
  if (registration.priceCents === 0) return 'Nothing to pay'
  return registration.balanceCents === 0 ? 'Paid in full' : formatMoney(registration.balanceCents)
}

/** What the place is: a league place, a team's registration, or a place on a team's roster. */
function placeName(r: RegistrationView): string {
  const { details } = r.offering
  if (details.kind === 'team-place') return `${r.offering.name}: team ${details.team.name}`
  if (details.kind === 'roster-place') return `${r.offering.name}: player on ${details.team.name}`
  return r.offering.name
}

/** Who the place is for: the team a captain entered, the child, or the account holder. */
function participantName(r: RegistrationView): string {
  const { details } = r.offering
  return details.kind === 'team-place' ? `Team ${details.team.name}` : r.child ? r.child.name : r.registrantName
}

/** The person's places, by the query their page opens with (routes/account.tsx). */
export function RegistrationsSection({ userId, registrations: query }: { userId: string; registrations: ReturnType<typeof myRegistrationsQuery> }) {
  const { data, error } = useQuery(query)
  const change = useClaimOrCancel(userId)
  const [outcome, setOutcome] = useState('')

  const act = (registration: RegistrationView, action: PlaceAction) => {
    setOutcome('')
    change.mutate(
      { registrationId: registration.id, action },
      {
        onSuccess: () =>
          setOutcome(
            action === 'claim'
              ? `You claimed your place in ${registration.offering.name}. Your registration is confirmed.`
              : `Your registration for ${registration.offering.name} has been cancelled.`,
          ),
      },
    )
  }

  const registrations = data?.registrations
  return (
    <section className="account-panel account-panel-wide" aria-labelledby="registrations-heading">
      <h2 id="registrations-heading">Registrations</h2>
      {/* Always present, so screen readers announce each outcome as it is written in. */}
      <p role="status" className="account-outcome">
        {outcome}
      </p>
      {change.error && <Alert>{change.error instanceof ApiError ? change.error.message : 'Something went wrong. Please try again.'}</Alert>}
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!registrations && !error && <p className="loading">Loading your registrations…</p>}
      {registrations && registrations.length === 0 && (
        <p>
          You have not registered for any leagues yet. Pick a sport on the <Link to={href('home')}>Sports and Activities</Link>{' '}
          page to sign up.
        </p>
      )}
      {registrations && registrations.length > 0 && (
        <ul className="account-registrations">
          {registrations.map((registration) => (
            <li key={registration.id}>
              <RegistrationCard
                registration={registration}
                busy={change.isPending}
                onAction={(action) => act(registration, action)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

interface CardProps {
  registration: RegistrationView
  /** An action is under way on some registration: one at a time keeps the outcome clear. */
  busy: boolean
  onAction(action: PlaceAction): void
}

/** The next session not yet started of a place in an academy, a camp or a drop-in, and whether the sessions have begun. */
function nextSession(r: RegistrationView, today: string, now: Date): { next: string | null; begun: boolean } | null {
  if (!('schedule' in r.offering.details)) return null
  const { schedule } = r.offering.details
  const first = schedule.sessionDates[0] ?? r.offering.startDate
  return { next: nextSessionText(schedule, today, now, siteConfig.timeZone), begun: today >= first }
}

function RegistrationCard({ registration: r, busy, onAction }: CardProps) {
  // One reading of the clock per card: rendering must not depend on when it happens.
  const [today] = useState(facilityDayNow)
  const [now] = useState(() => new Date())
  const sessions = nextSession(r, today, now)
  const headingId = useId()
  const [confirming, setConfirming] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const keepButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  // Where focus goes when the confirm step opens or closes: the button that replaced the one pressed.
  const focusTarget = useRef<'keep' | 'cancel' | null>(null)
  const acted = useRef(false)

  useEffect(() => {
    const target = focusTarget.current === 'keep' ? keepButton.current : focusTarget.current === 'cancel' ? cancelButton.current : null
    focusTarget.current = null
    target?.focus()
  }, [confirming])

  // Once this card's action is over, the button pressed may be gone: the heading keeps the place.
  useEffect(() => {
    if (busy || !acted.current) return
    acted.current = false
    heading.current?.focus()
  }, [busy])

  const act = (action: PlaceAction) => {
    acted.current = true
    onAction(action)
  }

  const live = ACTIVE_STATUSES.includes(r.status)
  const plan = live ? partsOfPlace(r, today) : null
  return (
    <article className="account-registration" aria-labelledby={headingId}>
      <div className="account-registration-head">
        <h3 id={headingId} ref={heading} tabIndex={-1}>
          {placeName(r)}
        </h3>
        <span className={`account-status account-status-${r.status}`}>{STATUS_LABELS[r.status]}</span>
      </div>
      <dl className="account-registration-facts">
        <div>
          <dt>Participant</dt>
          <dd>{participantName(r)}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>{formatDate(r.createdAt)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{balanceText(r)}</dd>
        </div>
        {plan && (
          <div>
            <dt>Payment plan</dt>
            <dd className={overduePart(plan) ? 'account-overdue' : undefined}>{nextPartText(plan)}</dd>
          </div>
        )}
        {sessions && live && (
          <div>
            <dt>Next session</dt>
            <dd>{sessions.next ?? 'None left'}</dd>
          </div>
        )}
      </dl>
      {r.status === 'waitlisted' && r.waitlistPosition !== null && (
        <p className="account-registration-note">
          Number {r.waitlistPosition} of {r.waitlistSize} on the waitlist
        </p>
      )}
      {sessions?.begun && live && <p className="account-registration-note">The sessions have begun: to cancel, ask the front desk.</p>}
      {r.status === 'offered' && r.offerExpiresAt && (
        <p className="account-registration-note">Place offered — claim by {formatDateTime(r.offerExpiresAt)}</p>
      )}
      {confirming && live ? (
        <div className="account-confirm" role="group" aria-label={`Cancel ${r.offering.name}`}>
          <p>
            Cancel your registration for {r.offering.name}?{' '}
            {r.status === 'waitlisted' ? 'You will lose your place on the waitlist.' : 'You will give up your place.'}
          </p>
          <div className="account-actions">
            <button type="button" className="button account-danger" disabled={busy} onClick={() => act('cancel')}>
              Yes, cancel
            </button>
            <button
              ref={keepButton}
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => {
                focusTarget.current = 'cancel'
                setConfirming(false)
              }}
            >
              Keep registration
            </button>
          </div>
        </div>
      ) : (
        <div className="account-actions">
          {r.status === 'offered' && (
            <button type="button" className="button" disabled={busy} onClick={() => act('claim')} aria-describedby={headingId}>
              Claim place
            </button>
          )}
          <PayOnlineLinks places={[{ ...r, who: participantName(r) }]} describedBy={headingId} />
          <Link
            className="button secondary"
            to={receiptPath(r)}
            aria-describedby={headingId}
          >
            Receipt
          </Link>
          {'team' in r.offering.details && (
            <Link className="button secondary" to={href('leagueTeam', { leagueId: r.offering.details.league.id, teamId: r.offering.details.team.id })} aria-describedby={headingId}>
              Team page
            </Link>
          )}
          {/* A team's place and its roster are changed from the team page, by its captain and staff. */}
          {live && !('team' in r.offering.details) && !sessions?.begun && (
            <button
              ref={cancelButton}
              type="button"
              className="button secondary"
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => {
                focusTarget.current = 'keep'
                setConfirming(true)
              }}
            >
              Cancel registration
            </button>
          )}
        </div>
      )}
      {r.offering.details.kind === 'academy-place' && CHARGED_STATUSES.includes(r.status) && (
        <AddToCalendar owner={{ kind: 'academy', academyId: r.offering.ownerId }} name={r.offering.name} what="The academy’s sessions" canRenew={false} />
      )}
    </article>
  )
}
