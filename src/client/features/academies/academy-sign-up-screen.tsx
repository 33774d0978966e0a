import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { Academy, AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import { facilityToday, formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { lastRegistrationDay, registrationWindow } from '../../../shared/registration-window.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { NavigationState } from '../../components/layout.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { useSession } from '../../lib/session.tsx'
import { academiesQuery } from '../../queries/academies.ts'
import { siteConfig } from '../../site-config.ts'
import { AcademySignUpForm } from './academy-sign-up-form.tsx'
import { PayOnlineLinks } from '../../components/pay-online-links.tsx'
import { academyFacts, academyPlacesText, cancellationText, hasBegun, lateText } from './academy-text.ts'

/**
 * Signing up for an academy (issue 23): the academy, then who takes part — yourself for an
 * adults' class, or one or several children — with what the coach needs to know of each, the
 * waiver, and one press for everyone. Open to visitors, who sign in and come back here.
 */
export function AcademySignUpScreen({ academyId }: { academyId: string }) {
  const { user } = useSession()
  const { data, isError } = useQuery(academiesQuery())
  const academy = data?.academies.find((a) => a.id === academyId)
  const [done, setDone] = useState<AcademySignUpResult | null>(null)
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))

  return (
    <section className="page narrow academy-sign-up">
      <h1>Academy Sign Up</h1>
      {isError && <Alert>The academy could not be loaded. Please try again later.</Alert>}
      {!data && !isError && <p className="loading">Loading the academy…</p>}
      {data && !academy && (
        <>
          <p>This academy is not open for registration.</p>
          <p>
            <Link to={href('academy')}>See the academies open now</Link>
          </p>
        </>
      )}
      {academy && (
        <>
          <h2>{academy.name}</h2>
          <CardFacts facts={academyFacts(academy, today)} />
          {academy.description && <p>{academy.description}</p>}
          {done ? (
            <SignedUp academy={academy} today={today} result={done} />
          ) : (
            <WhoTakesPart academy={academy} today={today} userId={user?.uid ?? null} onDone={setDone} />
          )}
        </>
      )}
    </section>
  )
}

function WhoTakesPart({ academy, today, userId, onDone }: { academy: Academy; today: string; userId: string | null; onDone(result: AcademySignUpResult): void }) {
  const location = useLocation()
  const from = { from: location.pathname } satisfies NavigationState
  const window = registrationWindow(academy, today)
  if (window === 'upcoming') return <p>Registration opens on {formatDate(academy.registrationDate)}.</p>
  if (window === 'closed') return <p>Registration for this academy closed on {formatDate(lastRegistrationDay(academy))}.</p>
  const places = academyPlacesText(academy)
  return (
    <>
      {places && <p className="signup-fact">{places}</p>}
      {hasBegun(academy, today) && <p className="signup-fact">{lateText(academy, today)}</p>}
      <p className="signup-muted">{cancellationText(academy, today)}</p>
      {userId ? (
        <AcademySignUpForm academy={academy} today={today} userId={userId} onDone={onDone} />
      ) : (
        <p>
          <Link to={href('signIn')} state={from}>
            Sign in
          </Link>{' '}
          or{' '}
          <Link to={href('createAccount')} state={from}>
            create an account
          </Link>{' '}
          to sign up. You will come back here.
        </p>
      )}
    </>
  )
}

/** What the sign-up made: each participant's place or waitlist position, and the receipt. */
function SignedUp({ academy, today, result }: { academy: Academy; today: string; result: AcademySignUpResult }) {
  const userId = result.registrations[0]?.userId ?? ''
  return (
    <div className="signup-done">
      <h3 tabIndex={-1} ref={(heading) => heading?.focus()}>
        {!result.created
          ? 'You were already signed up'
          : result.registrations.every((r) => r.status === 'waitlisted')
            ? 'You are on the waitlist'
            : result.registrations.some((r) => r.status === 'held')
              ? 'Pay now to keep your places'
              : 'You are signed up'}
      </h3>
      <ul className="account-list">
        {result.registrations.map((r) => (
          <li key={r.id}>
            {r.child ? r.child.name : 'You'} — {STATUS_LABELS[r.status]}
            {r.status === 'waitlisted' && r.waitlistPosition !== null && `, number ${r.waitlistPosition} on the waitlist`}
          </li>
        ))}
      </ul>
      <p>
        {siteConfig.sendsEmail ? 'We emailed you the session dates. ' : 'The receipt lists the session dates. '}
        {result.registrations.some((r) => r.status === 'held')
          ? 'Your places are held while you pay: pay now to keep them.'
          : result.registrations.some((r) => r.balanceCents > 0 && !nothingDue(r)) &&
            `Pay ${siteConfig.paysOnline ? 'online or ' : ''}at the front desk ${hasBegun(academy, today) ? 'before your next session' : 'before the first session'}.`}
      </p>
      <p className="card-actions">
        <PayOnlineLinks places={result.registrations.map((r) => ({ status: r.status, balanceCents: r.balanceCents, orderId: r.orderId, who: r.child?.name ?? r.registrantName }))} />
        <Link className="button" to={href('academyReceipt', { userId, academyId: academy.id })}>
          View receipt
        </Link>
        <Link className="button secondary" to={href('academy')}>
          Back to academies
        </Link>
      </p>
    </div>
  )
}
