import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react'
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router'
import { decideAccess, ROUTES, type RouteDefinition, type RouteId } from '../shared/routes.ts'
import { Layout, type NavigationState } from './components/layout.tsx'
import type { OpensWith } from './lib/page-queries.ts'
import { useSession } from './lib/session.tsx'
import { siteConfig } from './site-config.ts'
import { HomePage } from './routes/home.tsx'

/** A page's route file (routes/<page>.tsx): its screen, and the queries it opens with (lib/page-queries.ts). */
interface PageModule {
  default: ComponentType
  opensWith?: OpensWith
}

/**
 * The route files by route id, each loaded on demand: the home page's first bundle carries
 * none of them. A route with no file yet shows its title and purpose (PlannedPage) until its
 * issue lands.
 */
const PAGES: Partial<Record<RouteId, () => Promise<PageModule>>> = {
  signIn: () => import('./routes/sign-in.tsx'),
  register: () => import('./routes/register.tsx'),
  createAccount: () => import('./routes/register.tsx'),
  forgotPassword: () => import('./routes/forgot-password.tsx'),
  resetPassword: () => import('./routes/reset-password.tsx'),
  account: () => import('./routes/account.tsx'),
  adminUsers: () => import('./routes/admin-users.tsx'),
  adminProducts: () => import('./routes/admin-products.tsx'),
  adminPlayingAreas: () => import('./routes/admin-playing-areas.tsx'),
  dashboard: () => import('./routes/dashboard.tsx'),
  reports: () => import('./routes/reports.tsx'),
  reportSummary: () => import('./routes/report-summary.tsx'),
  academy: () => import('./routes/academies.tsx'),
  academySignUp: () => import('./routes/academy-sign-up.tsx'),
  academyReceipt: () => import('./routes/academy-receipt.tsx'),
  academyRegistrations: () => import('./routes/academy-registrations.tsx'),
  camps: () => import('./routes/camps.tsx'),
  campSignUp: () => import('./routes/camp-sign-up.tsx'),
  campReceipt: () => import('./routes/camp-receipt.tsx'),
  campRegistrations: () => import('./routes/camp-registrations.tsx'),
  dropIns: () => import('./routes/drop-ins.tsx'),
  dropInSignUp: () => import('./routes/drop-in-sign-up.tsx'),
  dropInReceipt: () => import('./routes/drop-in-receipt.tsx'),
  dropInSessions: () => import('./routes/drop-in-sessions.tsx'),
  soccerIndividualSignUp: () => import('./routes/sign-up.tsx'),
  basketballIndividualSignUp: () => import('./routes/sign-up.tsx'),
  footballIndividualSignUp: () => import('./routes/sign-up.tsx'),
  baseballIndividualSignUp: () => import('./routes/sign-up.tsx'),
  individualSportsSignUp: () => import('./routes/sign-up.tsx'),
  kidsSportsSignup: () => import('./routes/sign-up.tsx'),
  waiver: () => import('./routes/waiver.tsx'),
  receipt: () => import('./routes/receipt.tsx'),
  registrationReceipt: () => import('./routes/receipt.tsx'),
  teamRegistrationReceipt: () => import('./routes/receipt.tsx'),
  createTeam: () => import('./routes/create-team.tsx'),
  adultBasketball: () => import('./routes/create-team.tsx'),
  leagueTeam: () => import('./routes/team.tsx'),
  teamSignUp: () => import('./routes/join-team.tsx'),
  teamsView: () => import('./routes/teams-view.tsx'),
  createTeamAdmin: () => import('./routes/create-team-admin.tsx'),
  manageLeaguePlayers: () => import('./routes/manage-league-players.tsx'),
  leagueTeamPlayer: () => import('./routes/player.tsx'),
  league: () => import('./routes/league.tsx'),
  addTeams: () => import('./routes/add-teams.tsx'),
  pendingRegistrations: () => import('./routes/pending-registrations.tsx'),
  leagues: () => import('./routes/leagues.tsx'),
  desk: () => import('./routes/desk.tsx'),
  deskCustomer: () => import('./routes/desk-customer.tsx'),
  deskAcademies: () => import('./routes/academy-registrations.tsx'),
  deskCamps: () => import('./routes/camp-registrations.tsx'),
  deskDropIns: () => import('./routes/drop-in-sessions.tsx'),
  deskDrawer: () => import('./routes/desk-drawer.tsx'),
  leagueRegistrants: () => import('./routes/league-registrants.tsx'),
  leagueSchedule: () => import('./routes/league-schedule.tsx'),
  scores: () => import('./routes/scores.tsx'),
  schedule: () => import('./routes/open-schedule.tsx'),
  teamSchedule: () => import('./routes/team-schedule.tsx'),
  outbox: () => import('./routes/outbox.tsx'),
  messages: () => import('./routes/messages.tsx'),
  unsubscribe: () => import('./routes/unsubscribe.tsx'),
  checkout: () => import('./routes/checkout.tsx'),
  checkoutDone: () => import('./routes/checkout.tsx'),
}

/** What the page of `routeId` opens with, read by the server before it renders the page (render-page.tsx). */
export async function opensWithOf(routeId: string): Promise<OpensWith | undefined> {
  return (await PAGES[routeId as RouteId]?.())?.opensWith
}

/**
 * A screen loaded on demand, with the data layer it reads through (lib/query.tsx) loaded beside
 * it: the home page's first bundle carries neither.
 */
function screen(load: () => Promise<PageModule>): ComponentType {
  return lazy(async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('./lib/query.tsx')])
    return {
      default: () => (
        <QueryProvider>
          <Screen />
        </QueryProvider>
      ),
    }
  })
}

/** Screens by route id: the home page ships in the first bundle, the others load on demand. */
const SCREENS: Partial<Record<RouteId, ComponentType>> = {
  home: HomePage,
  ...Object.fromEntries(Object.entries(PAGES).map(([id, load]) => [id, screen(load)])),
}

/** A mistyped address is rare, and a planned page soon gone: neither is in the home page's first bundle. */
const NotFoundPage = lazy(() => import('./routes/not-found.tsx').then(({ NotFoundPage }) => ({ default: NotFoundPage })))
const PlannedPage = lazy(() => import('./routes/planned.tsx').then(({ PlannedPage }) => ({ default: PlannedPage })))

/** Product §6: a page the person may not see sends them elsewhere with the reason. */
function Guarded({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const { user, confirmed } = useSession()
  const location = useLocation()

  useEffect(() => {
    document.title = `${route.title} | ${siteConfig.facilityName}`
  }, [route.title])

  const decision = decideAccess(route.access, user?.userRole ?? null)
  // The person stored in this browser may be out of date (signed out elsewhere, another person
  // since): a page is never refused before the server has said who is signed in.
  if (!decision.allowed && !confirmed) return <p className="loading">Loading…</p>
  if (!decision.allowed) {
    const state: NavigationState = {
      flash: decision.message,
      ...(decision.redirectTo === '/signIn' ? { from: location.pathname + location.search } : {}),
    }
    return <Navigate to={decision.redirectTo} replace state={state} />
  }
  return children
}

function screenFor(route: RouteDefinition): ReactNode {
  const Screen = SCREENS[route.id as RouteId]
  return (
    <>
      {Screen ? <Screen /> : <PlannedPage route={route} />}
      <TakenOver />
    </>
  )
}

/**
 * A page rendered for a signed-in person arrives inert (server/pages.ts): it becomes usable once
 * its screen, not only the frame around it, has been taken over.
 */
function TakenOver() {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), [])
  return null
}

export function createRouter() {
  return createBrowserRouter(appRoutes())
}

/** The app's routes: the browser's router, and the server's first render of the home page (render-home.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        ...ROUTES.map((route) => ({
          path: route.path,
          element: (
            <Guarded route={route}>
              <Suspense fallback={<p className="loading">Loading…</p>}>{screenFor(route)}</Suspense>
            </Guarded>
          ),
        })),
        {
          path: '*',
          element: (
            <Suspense fallback={<p className="loading">Loading…</p>}>
              <NotFoundPage />
            </Suspense>
          ),
        },
      ],
    },
  ]
}
