import { dehydrate, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { SessionUser } from '../shared/contracts/session.ts'
import { decideAccess, matchRoute, type RouteId } from '../shared/routes.ts'
import type { ActiveLeague } from '../shared/sports.ts'
import { leaguesInPage } from './features/home/use-active-leagues.ts'
import { SessionProvider } from './lib/session.tsx'
import { appRoutes, opensWithOf } from './router.tsx'
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
 * What the page at `pathname` opens with, read from the API: the queries its route file declares
 * (`opensWith`, lib/page-queries.ts) for a visitor or the signed-in `user`, asked only when the
 * page lets them in, and only those whose answer has an address.
 */
export async function pageAnswers(pathname: string, user: SessionUser | null = null): Promise<PageAnswer[]> {
  const match = matchRoute(pathname)
  if (!match || !decideAccess(match.route.access, user?.userRole ?? null).allowed) return []
  const opensWith = await opensWithOf(match.route.id)
  const queries = opensWith ? Object.values(opensWith({ routeId: match.route.id as RouteId, params: match.params, user })) : []
  return queries.flatMap((q) => (q?.meta?.url ? [{ queryKey: q.queryKey, url: q.meta.url }] : []))
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
