import { dehydrate, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { SessionUser } from '../shared/contracts/session.ts'
import { isStaff } from '../shared/roles.ts'
import { decideAccess, matchRoute } from '../shared/routes.ts'
import type { ActiveLeague } from '../shared/sports.ts'
import { leaguesInPage } from './features/home/use-active-leagues.ts'
import { SessionProvider } from './lib/session.tsx'
import { isSignUpRoute, sportOfSignUp } from './lib/sign-up-sports.ts'
import { academiesQuery } from './queries/academies.ts'
import { adminAcademiesQuery } from './queries/admin-academies.ts'
import { adminCampsQuery } from './queries/admin-camps.ts'
import { campReceiptQuery, campsQuery } from './queries/camps.ts'
import { adminDropInsQuery } from './queries/admin-drop-ins.ts'
import { dropInReceiptQuery, dropInsQuery } from './queries/drop-ins.ts'
import { productsQuery } from './queries/products.ts'
import { discountCodesQuery } from './queries/discount-codes.ts'
import { adminLeaguesQuery } from './queries/admin-leagues.ts'
import { customerRecordQuery } from './queries/desk.ts'
import { checkoutStateQuery, orderCheckoutQuery } from './queries/checkout.ts'
import { childrenQuery } from './queries/children.ts'
import { dashboardQuery } from './queries/dashboard.ts'
import { leagueQuery } from './queries/league.ts'
import { myRegistrationsQuery } from './queries/my-registrations.ts'
import { mySignaturesQuery } from './queries/my-signatures.ts'
import { openLeaguesQuery } from './queries/open-leagues.ts'
import { outboxQuery } from './queries/outbox.ts'
import { pendingRegistrationsQuery } from './queries/pending-registrations.ts'
import { academyReceiptQuery, receiptQuery } from './queries/receipt.ts'
import { myTeamsQuery, teamLeaguesQuery, teamSummariesQuery } from './queries/teams.ts'
import { waiverQuery } from './queries/waiver.ts'
import { appRoutes } from './router.tsx'
import { siteConfig, type SiteConfig } from './site-config.ts'
import { showMomentsIn } from '../shared/format.ts'

/**
 * The pages as their reader first sees them, rendered on the server by the app's own components
 * (built to dist/ssr and called by server/pages.ts), so a phone paints the page before the script
 * arrives; the browser then takes the markup over (main.tsx, app.tsx): docs/decisions/0007, 0014
 * and 0019. An open page is rendered for a visitor with the answers that are the same for
 * everyone; a signed-in person's page with their session and the answers the page opens with,
 * read with their cookie. What else varies is fetched after the page is taken over.
 */

/** A public answer a page is rendered with: the query it fills and the API address it comes from. */
export interface PageAnswer {
  queryKey: QueryKey
  url: string
}

/**
 * What the page at `pathname` opens with, read from the API: for a visitor what is the same for
 * everyone, for a signed-in `user` also their own answers on the pages they may open.
 */
export function pageAnswers(pathname: string, user: SessionUser | null = null): PageAnswer[] {
  const match = matchRoute(pathname)
  if (!match) return []
  const { route, params } = match
  const id = route.id
  const open = isSignUpRoute(id)
    ? [openLeaguesQuery(sportOfSignUp(id))]
    : id === 'academy'
      ? [academiesQuery(), campsQuery(), dropInsQuery()]
      : id === 'academySignUp'
        ? [academiesQuery()]
        : id === 'camps' || id === 'campSignUp'
          ? [campsQuery()]
          : id === 'dropIns' || id === 'dropInSignUp'
            ? [dropInsQuery()]
            : id === 'waiver' && !user
              ? [waiverQuery(null)]
              : id === 'adultBasketball'
                ? [teamLeaguesQuery('basketball')]
                : []
  const personal = user && decideAccess(route.access, user.userRole).allowed ? answersOf(id, params, user) : []
  return [...open, ...personal].flatMap((q) => (q.meta?.url ? [{ queryKey: q.queryKey, url: q.meta.url }] : []))
}

/** The queries a signed-in page opens with, as its screen asks for them on its first render. */
function answersOf(id: string, params: Record<string, string | undefined>, user: SessionUser) {
  const staff = isStaff(user.userRole)
  switch (id) {
    case 'account':
      return [myRegistrationsQuery(user.uid), childrenQuery(user.uid), myTeamsQuery(user.uid), mySignaturesQuery(user.uid)]
    case 'leagues':
      return [adminLeaguesQuery()]
    case 'dashboard':
      return [dashboardQuery()]
    case 'pendingRegistrations':
      return [adminLeaguesQuery(), pendingRegistrationsQuery('')]
    case 'teamsView':
      return [adminLeaguesQuery(), teamSummariesQuery('')]
    case 'league':
      return params.leagueId ? [leagueQuery(params.leagueId), ...(staff ? [adminLeaguesQuery()] : [])] : []
    case 'adminProducts':
      return [productsQuery(), discountCodesQuery()]
    case 'academyRegistrations':
    case 'deskAcademies':
      return [adminAcademiesQuery()]
    case 'campRegistrations':
    case 'deskCamps':
      return [adminCampsQuery()]
    case 'dropInSessions':
    case 'deskDropIns':
      return [adminDropInsQuery()]
    case 'desk':
      return [adminLeaguesQuery()]
    case 'deskCustomer':
      return params.userId ? [customerRecordQuery(params.userId), adminLeaguesQuery()] : []
    case 'outbox':
      return [outboxQuery(1)]
    case 'academySignUp':
      return [myRegistrationsQuery(user.uid), childrenQuery(user.uid), waiverQuery(user.uid)]
    case 'academyReceipt':
      return params.userId && params.academyId ? [academyReceiptQuery({ userId: params.userId, academyId: params.academyId })] : []
    case 'campSignUp':
      return [myRegistrationsQuery(user.uid), childrenQuery(user.uid), waiverQuery(user.uid)]
    case 'campReceipt':
      return params.userId && params.campId ? [campReceiptQuery({ userId: params.userId, campId: params.campId })] : []
    case 'dropInSignUp':
      return [myRegistrationsQuery(user.uid), childrenQuery(user.uid), waiverQuery(user.uid)]
    case 'dropInReceipt':
      return params.userId && params.dropInId ? [dropInReceiptQuery({ userId: params.userId, dropInId: params.dropInId })] : []
    case 'checkout':
      return params.orderId ? [orderCheckoutQuery(params.orderId)] : []
    case 'checkoutDone':
      return params.orderId && params.checkoutId ? [checkoutStateQuery(params.checkoutId), orderCheckoutQuery(params.orderId)] : []
    case 'receipt':
    case 'registrationReceipt':
    case 'teamRegistrationReceipt':
      return params.userId && params.leagueId
        ? [receiptQuery({ userId: params.userId, leagueId: params.leagueId, registrationId: params.registrationId, teamId: params.teamId })]
        : []
    default:
      return []
  }
}

function page(site: SiteConfig, url: string, user: SessionUser | null, children?: (app: ReactNode) => ReactNode) {
  // The settings are the same for every request of a server; setting them before each render
  // keeps a test's renders with other settings apart.
  Object.assign(siteConfig, site)
  showMomentsIn(site.timeZone)
  const app = (
    <SessionProvider serverUser={user}>
      <RouterProvider router={createMemoryRouter(appRoutes(), { initialEntries: [url] })} />
    </SessionProvider>
  )
  return children ? children(app) : app
}

/** The home page with its leagues: one synchronous render, so renders never mix. */
export function renderHome(site: SiteConfig, leaguesJson: string): string {
  leaguesInPage.current = (JSON.parse(leaguesJson) as { leagues: ActiveLeague[] }).leagues
  return renderToString(page(site, '/', null))
}

/**
 * Any other page at `url`, for `user` or a visitor, with the answers it shows (JSON as the API
 * sent it), once every screen it loads on demand has arrived. `state` is the cache the browser
 * starts from, so its first render finds the same answers and asks for nothing.
 */
export async function renderPage(
  site: SiteConfig,
  url: string,
  answers: { queryKey: QueryKey; json: string }[],
  user: SessionUser | null = null,
): Promise<{ html: string; state: string }> {
  // A cache of this render's own: answers never pass from one request to another.
  const client = new QueryClient()
  for (const answer of answers) client.setQueryData(answer.queryKey, JSON.parse(answer.json))
  // A part that fails would be left for the browser to render, through an inline script the
  // site's CSP refuses: the whole page is refused instead, and the browser renders it alone.
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    page(site, url, user, (app) => <QueryClientProvider client={client}>{app}</QueryClientProvider>),
    // However long the page, every part stays in place: a part sent later needs an inline script.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  if (errors.length > 0) throw new Error(`Rendering ${url} failed`, { cause: errors[0] })
  return { html, state: JSON.stringify(dehydrate(client)) }
}
