import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { ActiveLeague } from '../shared/sports.ts'
import { leaguesInPage } from './features/home/use-active-leagues.ts'
import { SessionProvider } from './features/session/session.tsx'
import { appRoutes } from './router.tsx'
import { siteConfig, type SiteConfig } from './site-config.ts'

/**
 * The home page as a visitor first sees it, rendered on the server by the app's own components
 * (built to dist/ssr and called by server/pages.ts), so a phone paints the cards before the
 * script arrives. The browser then renders the page itself over it (main.tsx): docs/decisions/0007.
 * The settings and leagues are set before the render, which is synchronous, so renders never mix.
 */
export function renderHome(site: SiteConfig, leaguesJson: string): string {
  Object.assign(siteConfig, site)
  leaguesInPage.current = (JSON.parse(leaguesJson) as { leagues: ActiveLeague[] }).leagues
  const router = createMemoryRouter(appRoutes(), { initialEntries: ['/'] })
  return renderToString(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  )
}
