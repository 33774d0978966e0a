import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { outsideAgesText } from '../../shared/age.ts'
import { formatDate } from '../../shared/format.ts'
import { lastRegistrationDay, registrationWindow } from '../../shared/registration-window.ts'
import { purposeOf } from '../../shared/route-purposes.ts'
import { matchRoute, type RouteDefinition } from '../../shared/routes.ts'
import type { OpenLeague } from '../../shared/contracts/leagues.ts'
import type { Child } from '../../shared/contracts/children.ts'
import { isForChildren, type Sport } from '../../shared/sports.ts'
import type { NavigationState } from '../components/layout.tsx'
import { Alert } from '../components/ui/alert.tsx'
import { useSession } from '../lib/session.tsx'
import { ChildrenPanel } from '../features/signup/children-panel.tsx'
import { SignUpPrice } from '../components/sign-up-price.tsx'
import { HOLDS_PLACE } from '../../shared/schemas/registration.ts'
import { LeagueCard, registerButtonId, resultsId } from '../features/signup/league-card.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { isSignUpRoute, sportOfSignUp } from '../lib/sign-up-sports.ts'
import { OPEN_LEAGUES, openLeaguesQuery } from '../queries/open-leagues.ts'
import { childrenQuery, useChildren } from '../queries/children.ts'
import { myRegistrationsQuery } from '../queries/my-registrations.ts'
import { isActive, participantKey, useRegistrations, type Outcome } from '../features/signup/use-registrations.ts'
import { readWaiverRequest, type WaiverRequest } from '../lib/waiver-request.ts'
import { href } from '../../shared/paths.ts'
import { useFocusNext } from '../lib/use-focus-next.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import { siteConfig } from '../site-config.ts'
import { facilityDayNow } from '../lib/facility-day.ts'

/**
 * A sign-up page opens with its sport's open leagues (every sport's on individualSportsSignUp),
 * and for a signed-in person with their registrations and, on the Kids Sports page, their children.
 */
export function opensWith({ routeId, user }: PageVisit) {
  const sport = isSignUpRoute(routeId) ? sportOfSignUp(routeId) : null
  return {
    leagues: openLeaguesQuery(sport),
    registrations: user && myRegistrationsQuery(user.uid),
    children: user && sport === 'kids' ? childrenQuery(user.uid) : null,
  }
}

/** The six sign-up pages: one screen, told apart by the route table entry the path matches. */
export default function SignUpPage() {
  const { pathname } = useLocation()
  const { user } = useSession()
  const route = matchRoute(pathname)?.route
  if (!route || !isSignUpRoute(route.id)) throw new Error(`The sign-up screen is not meant for ${pathname}`)
  // A new page or a new person starts with nothing chosen and nothing answered.
  return <SignUpScreen key={`${route.id} ${user?.uid ?? ''}`} route={route} sport={sportOfSignUp(route.id)} />
}

function SignUpScreen({ route, sport }: { route: RouteDefinition; sport: Sport | null }) {
  const { user, refresh } = useSession()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const here = location.pathname + location.search
  const kidsPage = sport === 'kids'
  const client = useQueryClient()
  const opening = usePageQueries(opensWith)
  const openLeagues = useQuery(opening.leagues)
  const leagues = openLeagues.data?.leagues ?? null
  const failed = openLeagues.isError
  const children = useChildren(opening.children)
  const { outcomes, pending, register } = useRegistrations(user?.uid ?? null)
  // Back from the waiver, the child it was signed for is chosen again.
  const [chosenId, setChosenId] = useState(() => readWaiverRequest(location.state).childId)
  const chosen = children.children?.find((c) => c.id === chosenId) ?? children.children?.[0] ?? null
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(facilityDayNow)
  // A registered person's button goes away, and a disabled one drops the focus: put it where
  // the answer is, or back on the button to try again.
  const focusNext = useFocusNext()

  const signIn = (flash: string) => navigate(href('signIn'), { state: { flash, from: here } satisfies NavigationState })

  // Back from the waiver with "Continue registration": the registration the person started is
  // made, once, and its answer shown where they left it.
  const resumed = useRef(false)
  useEffect(() => {
    const { resume } = readWaiverRequest(location.state)
    if (resumed.current || !resume || !user || !leagues) return
    const league = leagues.find((l) => l.id === resume)
    if (!league || (kidsPage && !children.children)) return
    resumed.current = true
    navigate(here, { replace: true, state: {} })
    void onRegister(league, isForChildren(league) ? chosen : null)
  })

  async function onRegister(league: OpenLeague, child: Child | null) {
    if (!user) return signIn('Please sign in to register.')
    const attempt = await register(league.id, child?.id ?? null)
    if (attempt === 'waiver-required') {
      navigate(href('waiver'), { state: { from: here, resume: league.id, ...(child ? { childId: child.id } : {}) } satisfies WaiverRequest })
    } else if (attempt === 'signed-out') {
      await refresh().catch((error: unknown) => console.error('Could not read the session again', error))
      signIn('Your session has ended. Please sign in to register.')
    } else if (attempt !== 'in-flight') {
      focusNext(attempt === 'registered' ? resultsId(league.id) : registerButtonId(league.id))
      // The answer changed the places left, on every sign-up page, and other people may have too.
      void client.invalidateQueries({ queryKey: OPEN_LEAGUES })
    }
  }

  function actionFor(league: OpenLeague): ReactNode {
    const opening = registrationWindow(league, today)
    if (opening === 'upcoming') return <p>Registration opens on {formatDate(league.registrationDate)}.</p>
    if (opening === 'closed') return <p>Registration for this league closed on {formatDate(lastRegistrationDay(league))}.</p>
    const forChild = isForChildren(league)
    if (forChild && !kidsPage) {
      return (
        <p>
          Children are registered on the <Link to={href('kidsSportsSignup')}>Kids Sports Sign Up</Link> page.
        </p>
      )
    }
    const child = forChild ? chosen : null
    if (user && forChild && !child) return <p>Add a child above to register them.</p>
    const outside = child && outsideAgesText(child, league)
    if (outside) return <p>{outside}</p>
    const key = participantKey(league.id, child?.id ?? null)
    // Registered already: the answer below says so, and a second click would only repeat it.
    if (isActive(outcomes.get(key))) return null
    const busy = pending.has(key)
    const verb = league.placesLeft === 0 ? 'Join the waitlist' : 'Register'
    const priceId = `league-${league.id}-price`
    return (
      <>
        <SignUpPrice
          id={priceId}
          pricing={{ ...league.pricing, sessions: null }}
          today={today}
          party={{ children: child !== null, holding: child ? holdingPlaces(league.id, child.id) : 0, placesLeft: league.placesLeft }}
          names={[child?.firstName ?? 'You']}
        />
        <button
          id={registerButtonId(league.id)}
          type="button"
          className="button"
          disabled={busy || !hydrated}
          aria-describedby={priceId}
          onClick={() => void onRegister(league, child)}
        >
          {busy ? 'Registering…' : child ? `${verb}: ${child.firstName}` : verb}
          <span className="visually-hidden"> for {league.name}</span>
        </button>
      </>
    )
  }

  /** The family's other children holding a place in the league: what earns a family discount (engine.ts `withSiblings`). */
  const holdingPlaces = (leagueId: string, childId: string): number =>
    outcomesOf({ id: leagueId }).filter((o) => o.kind === 'result' && o.result.registration.child && o.result.registration.child.id !== childId && HOLDS_PLACE.includes(o.result.registration.status)).length

  const outcomesOf = (league: Pick<OpenLeague, 'id'>): Outcome[] =>
    [...outcomes].filter(([key]) => key.startsWith(`${league.id}|`)).map(([, outcome]) => outcome)

  return (
    <section className="page">
      <h1>{route.title}</h1>
      <p>{purposeOf(route).description}</p>
      {failed && <Alert>The leagues could not be loaded. Please try again later.</Alert>}
      {leagues === null && !failed && <p className="loading">Loading leagues…</p>}
      {leagues?.length === 0 && (
        <>
          <p>There are no leagues open for sign-up right now.</p>
          <p>
            Check <a href={siteConfig.websiteUrl}>our main website</a> for upcoming sessions.
          </p>
        </>
      )}
      {kidsPage && user && leagues && leagues.length > 0 && (
        <ChildrenPanel
          list={children.children}
          failed={children.failed}
          chosen={chosen}
          onChoose={setChosenId}
          onAdded={(child) => setChosenId(child.id)}
        />
      )}
      {leagues && leagues.length > 0 && (
        <div className="sport-grid">
          {leagues.map((league) => (
            <LeagueCard key={league.id} league={league} showSport={sport === null} outcomes={outcomesOf(league)}>
              {actionFor(league)}
            </LeagueCard>
          ))}
        </div>
      )}
    </section>
  )
}
