import { Link } from 'react-router'
import { formatDate, priceFactText } from '../../../shared/format.ts'
import type { ActiveLeague, CardId, SportCardDefinition } from '../../../shared/sports.ts'
import { href } from '../../../shared/paths.ts'
import { siteConfig } from '../../site-config.ts'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { facilityDayNow } from '../../lib/facility-day.ts'

/** Where each card's button goes (product §1) and what it says. */
const SIGN_UP: Record<CardId, { label: string; to: string }> = {
  soccer: { label: 'Free Agent', to: href('soccerIndividualSignUp') },
  adultBasketball: { label: 'Team Sign Up', to: href('adultBasketball') },
  basketball: { label: 'Sign Up', to: href('basketballIndividualSignUp') },
  football: { label: 'Sign Up', to: href('footballIndividualSignUp') },
  baseball: { label: 'Sign Up', to: href('baseballIndividualSignUp') },
  kids: { label: 'Sign Up', to: href('kidsSportsSignup') },
}

interface SportCardProps {
  card: SportCardDefinition
  league: ActiveLeague | undefined
  loaded: boolean
}

export function SportCard({ card, league, loaded }: SportCardProps) {
  const headingId = `card-${card.id}`
  return (
    <article className="sport-card" aria-labelledby={headingId} data-card={card.id}>
      <h2 id={headingId}>{card.title}</h2>
      {!loaded ? (
        <p className="loading">Loading leagues…</p>
      ) : league ? (
        <OpenLeague card={card} league={league} />
      ) : (
        <NoLeague card={card} />
      )}
    </article>
  )
}

function OpenLeague({ card, league }: { card: SportCardDefinition; league: ActiveLeague }) {
  const signUp = SIGN_UP[card.id]
  const { earlyBirdPriceCents: priceCents, earlyBirdUntil: until } = league
  const earlyBird = priceCents !== null && until !== null ? { priceCents, until } : null
  // The day is read only where an early-bird price may be running; the server renders the page with the same day (app.ts keeps it a day at most).
  const today = earlyBird ? facilityDayNow() : ''
  return (
    <>
      <h3>{league.name}</h3>
      <CardFacts
        facts={[
          ['Starts', formatDate(league.startDate)],
          ['Registration', formatDate(league.registrationDate)],
          // A team league's price is the captain's and the players' (its own page says which).
          league.kind === 'individual' ? ['Price', priceFactText({ listPriceCents: league.priceCents, earlyBird }, today)] : null,
        ]}
      />
      {league.description && <p>{league.description}</p>}
      <p className="card-actions">
        <Link className="button" to={signUp.to} aria-label={`${signUp.label}: ${league.name}`}>
          {signUp.label}
        </Link>
      </p>
      {card.id === 'soccer' && (
        <div className="team-waitlist">
          <p>
            Registering a whole team? Fill out the <TeamWaitlistLink>team waitlist form</TeamWaitlistLink>.
          </p>
          <p>
            If space is available, a team is created and a registration link is sent to you. Otherwise, your team goes on
            a waiting list.
          </p>
        </div>
      )}
    </>
  )
}

function NoLeague({ card }: { card: SportCardDefinition }) {
  return (
    <>
      <p>There are no active leagues at this time.</p>
      <p>
        Check <a href={siteConfig.websiteUrl}>our main website</a> for upcoming sessions.
      </p>
      {card.id === 'soccer' && (
        <p>
          Want a team in the next session? Join the <TeamWaitlistLink>team waitlist form</TeamWaitlistLink>.
        </p>
      )}
    </>
  )
}

function TeamWaitlistLink({ children }: { children: string }) {
  return (
    <a href={siteConfig.soccerTeamWaitlistUrl} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}
