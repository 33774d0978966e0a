import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { ageRangeText } from '../../../shared/age.ts'
import { formatDate, priceFactText } from '../../../shared/format.ts'
import type { OpenLeague } from '../../../shared/contracts/leagues.ts'
import { SPORT_LABELS, SPORTS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { href } from '../../../shared/paths.ts'
import { errorMessage } from '../../lib/api.ts'
import type { openLeaguesQuery as openLeaguesOf } from '../../queries/open-leagues.ts'
import { SIGN_UP_PAGES } from '../../lib/sign-up-sports.ts'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { facilityDayNow } from '../../lib/facility-day.ts'

function isSport(value: string): value is Sport {
  return (SPORTS as readonly string[]).includes(value)
}

function placesText(league: OpenLeague): string {
  if (league.placesLeft === null) return 'Places available'
  if (league.placesLeft > 0) return `${league.placesLeft} ${league.placesLeft === 1 ? 'place' : 'places'} left`
  return `Full — ${league.waitlistSize} on the waitlist`
}

/** Everyone but admins: the leagues open for registration, each linking to its sign-up page. */
export function OpenLeagueList({ openLeaguesQuery }: { openLeaguesQuery: ReturnType<typeof openLeaguesOf> }) {
  const { data, error } = useQuery(openLeaguesQuery)
  const leagues = data?.leagues
  return (
    <>
      <p>The leagues open for registration now.</p>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!leagues && !error && <p className="loading">Loading leagues…</p>}
      {leagues && leagues.length === 0 && <p>There are no active leagues at this time.</p>}
      {leagues && leagues.length > 0 && (
        <ul className="sport-grid staff-open-leagues">
          {leagues.map((league) => (
            <li key={league.id}>
              <OpenLeagueCard league={league} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function OpenLeagueCard({ league }: { league: OpenLeague }) {
  const headingId = `league-${league.id}`
  const ages = ageRangeText(league.minAge, league.maxAge)
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(facilityDayNow)
  return (
    <article className="sport-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{league.name}</h2>
      <p className="staff-muted">{isSport(league.sport) ? SPORT_LABELS[league.sport] : league.sport}</p>
      <CardFacts
        facts={[
          ['Registration', formatDate(league.registrationDate)],
          ['Starts', formatDate(league.startDate)],
          ['Ends', formatDate(league.endDate)],
          // The price of the day, as a sign-up charges it and the home page states it: an early-bird price while it holds.
          ['Price', priceFactText(league.pricing, today)],
          ['Places', placesText(league)],
          ages ? ['Ages', ages] : null,
        ]}
      />
      {league.description && <p>{league.description}</p>}
      {isSport(league.sport) && (
        <p>
          <Link className="button" to={href(SIGN_UP_PAGES[league.sport])} aria-label={`Sign Up: ${league.name}`}>
            Sign Up
          </Link>
        </p>
      )}
    </article>
  )
}
