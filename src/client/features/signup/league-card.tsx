import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ageRangeText } from '../../../shared/age.ts'
import { formatDate, priceFactText } from '../../../shared/format.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import type { OpenLeague } from '../../../shared/contracts/leagues.ts'
import { lastRegistrationDay } from '../../../shared/registration-window.ts'
import { isForChildren, SPORT_LABELS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { href } from '../../../shared/paths.ts'
import { receiptPath } from '../../../shared/receipt-path.ts'
import { outcomeText, placesText } from './league-text.ts'
import type { Outcome } from './use-registrations.ts'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { PayOnlineLinks } from '../../components/pay-online-links.tsx'
import { siteConfig } from '../../site-config.ts'
import { facilityDayNow } from '../../lib/facility-day.ts'

interface LeagueCardProps {
  league: OpenLeague
  /** On the every-sport page the sport is not in the heading, so the card names it. */
  showSport: boolean
  /** The answers so far for this league, one per participant, oldest first. */
  outcomes: readonly Outcome[]
  /** The register button, or why there is none. */
  children: ReactNode
}

/** Ids the screen moves the focus to once an attempt settles and the button may have gone. */
export const registerButtonId = (leagueId: string) => `league-${leagueId}-register`
export const resultsId = (leagueId: string) => `league-${leagueId}-results`

export function LeagueCard({ league, showSport, outcomes, children }: LeagueCardProps) {
  const headingId = `league-${league.id}`
  const places = placesText(league)
  const ages = isForChildren(league) ? ageRangeText(league.minAge, league.maxAge) : null
  const results = outcomes.flatMap((o) => (o.kind === 'result' ? [o.result] : []))
  const errors = outcomes.flatMap((o) => (o.kind === 'error' ? [o.message] : []))
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(facilityDayNow)
  return (
    <article className="sport-card" aria-labelledby={headingId}>
      {showSport && <p className="signup-sport">{SPORT_LABELS[league.sport as Sport] ?? league.sport}</p>}
      <h2 id={headingId}>{league.name}</h2>
      <CardFacts
        facts={[
          ['Starts', formatDate(league.startDate)],
          ['Ends', formatDate(league.endDate)],
          ['Registration opens', formatDate(league.registrationDate)],
          ['Registration closes', formatDate(lastRegistrationDay(league))],
          ['Price', priceFactText(league.pricing, today)],
        ]}
      />
      {league.description && <p>{league.description}</p>}
      {ages && <p className="signup-fact">For {ages}</p>}
      {places && <p className="signup-fact">{places}</p>}
      <div className="signup-action">{children}</div>
      {/* Always in the page, so screen readers announce each answer as it arrives. */}
      <div role="status" className="signup-results" id={resultsId(league.id)} tabIndex={-1}>
        {results.map((result) => (
          <RegistrationOutcome key={result.registration.id} result={result} />
        ))}
      </div>
      {errors.map((message) => (
        <Alert key={message}>{message}</Alert>
      ))}
    </article>
  )
}

function RegistrationOutcome({ result }: { result: RegisterResult }) {
  const r = result.registration
  return (
    <div className={`signup-result signup-result-${r.status}`}>
      <p>{outcomeText(result, siteConfig.paysOnline)}</p>
      <p>
        <Link to={receiptPath(r)}>
          View receipt
          <span className="visually-hidden">
            {' '}
            for {r.child ? `${r.child.name} in ` : ''}
            {r.offering.name}
          </span>
        </Link>
        {r.status === 'offered' && (
          <>
            {' · '}
            <Link to={href('account')}>Go to your account</Link>
          </>
        )}
      </p>
      <p className="card-actions">
        <PayOnlineLinks places={[{ status: r.status, balanceCents: r.balanceCents, orderId: r.orderId, who: r.child?.name ?? r.registrantName }]} />
      </p>
    </div>
  )
}
