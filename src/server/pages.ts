import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { SessionUser } from '../shared/contracts/session.ts'
import { PAGE_DATA } from '../shared/page-data.ts'
import { facilityDayAt } from '../shared/format.ts'
import { decideAccess, matchRoute } from '../shared/routes.ts'
import type { SiteConfig } from './config.ts'
import { access, declareOpen } from './http/access.ts'
import type { ActiveLeagues } from './features/leagues/active-leagues.ts'

/**
 * The pages as their reader first sees them, made by the client's own components
 * (src/client/render-page.tsx, built to dist/ssr): they paint before the script has arrived
 * (docs/decisions/0007, 0014, 0019).
 */
export interface PageRenderer {
  renderHome(site: SiteConfig, leaguesJson: string): string
  /** The API answers the page at `pathname` opens with, for `user` or a visitor. */
  pageAnswers(pathname: string, user: SessionUser | null): Promise<{ queryKey: readonly unknown[]; url: string }[]>
  renderPage(
    site: SiteConfig,
    url: string,
    answers: { queryKey: readonly unknown[]; json: string }[],
    user: SessionUser | null,
  ): Promise<{ html: string; state: string }>
}

/** Where the page's HTML shell comes from: the built file, or Vite while developing. */
export interface HtmlSource {
  template(url: string): Promise<string>
  /** Without it the browser renders every page alone. */
  renderer?(): Promise<PageRenderer>
}

export function builtHtml(clientDir: string): HtmlSource {
  let cached: Promise<string> | undefined
  let renderer: Promise<PageRenderer> | undefined
  return {
    template: () => {
      // A failed read (a build replacing the file) is not remembered: the next request retries.
      cached ??= fs.readFile(path.join(clientDir, 'index.html'), 'utf8').catch((error: unknown) => {
        cached = undefined
        throw error
      })
      return cached
    },
    renderer() {
      const file = pathToFileURL(path.join(clientDir, '..', 'ssr', 'render-page.js')).href
      renderer ??= import(file).catch((error: unknown) => {
        renderer = undefined
        throw error
      })
      return renderer
    },
  }
}

/**
 * Serves the single-page app. Every path of the route table gets the shell with 200; any
 * other path gets the same shell with 404, and the app shows its Page Not Found screen.
 * The facility's settings travel inside the shell; an open page arrives rendered for a visitor
 * with the public answers it shows inside it too (the home page its active leagues), and a page
 * a signed-in person may open arrives rendered for them with their session and their answers
 * (docs/decisions/0019), so the first paint needs neither the script nor a second round trip.
 */
export async function registerPages(
  app: FastifyInstance,
  {
    html,
    clientDir,
    site,
    activeLeagues,
    sessionUserOf,
  }: {
    html: HtmlSource
    clientDir: string | undefined
    site: SiteConfig
    activeLeagues: ActiveLeagues
    /** The signed-in person a request comes from, or null. */
    sessionUserOf(req: FastifyRequest): Promise<SessionUser | null>
  },
): Promise<void> {
  if (clientDir) {
    // The built files are open to everyone; @fastify/static takes no route config, so its scope declares it.
    await app.register(async (scope) => {
      declareOpen(scope)
      await scope.register(fastifyStatic, {
        root: path.join(clientDir, 'assets'),
        prefix: '/assets/',
        immutable: true,
        maxAge: '365d',
        index: false,
        // One route for the folder: a route per file (hundreds, with their compressed copies) took
        // a third of a start's CPU to register.
        wildcard: true,
        // The build writes .br and .gz copies (vite.config.ts); caches must keep them apart.
        preCompressed: true,
        setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
      })
    })
    // Their names carry no hash: kept a day, not the assets' year. Read once (a few hundred bytes),
    // when first asked for: a folder without a build has none, and a failed read is tried again.
    for (const [file, type] of [['favicon.svg', 'image/svg+xml'], ['robots.txt', 'text/plain; charset=utf-8']] as const) {
      let body: Promise<Buffer> | undefined
      app.get(`/${file}`, access('open'), async (_req, reply) => {
        try {
          body ??= fs.readFile(path.join(clientDir, file))
          return await reply.header('cache-control', 'public, max-age=86400').type(type).send(await body)
        } catch {
          body = undefined
          return reply.callNotFound()
        }
      })
    }
  }

  /**
   * A page with the answers it opens with, read through the API itself with the request's cookie
   * (the same bytes the browser would get), and the cache state the browser starts from; undefined
   * when an answer is a refusal (no such league, not your receipt): the browser renders the page
   * and says what the API said, and the API has logged what needed logging.
   */
  async function renderWithAnswers(renderer: PageRenderer, req: FastifyRequest, pathname: string, user: SessionUser | null) {
    const answers = await Promise.all(
      (await renderer.pageAnswers(pathname, user)).map(async ({ queryKey, url: source }) => {
        const res = await app.inject({ method: 'GET', url: source, headers: user && req.headers.cookie ? { cookie: req.headers.cookie } : {} })
        return res.statusCode === 200 ? { queryKey, json: res.body } : undefined
      }),
    )
    if (answers.some((answer) => answer === undefined)) return undefined
    return renderer.renderPage(site, req.url, answers.filter((answer) => answer !== undefined), user)
  }

  const siteConfig = dataBlock(PAGE_DATA.site, JSON.stringify(site))
  // The facility's day, read again when it ends: the browser's first frame shows the day the page was rendered on.
  let today = facilityDayAt(new Date(), site.timeZone)
  let todayBlock = dataBlock(PAGE_DATA.facilityDay, JSON.stringify(today))
  const pageDay = () => {
    if (Date.now() >= today.until) {
      today = facilityDayAt(new Date(), site.timeZone)
      todayBlock = dataBlock(PAGE_DATA.facilityDay, JSON.stringify(today))
    }
    return todayBlock
  }
  app.get('/*', access('open'), async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply.code(404).send({ error: { message: `There is nothing at ${req.method} ${pathname}.` } })
    }
    const match = matchRoute(pathname)
    const template = await html.template(req.url)
    let data = siteConfig + pageDay()
    let content: string | undefined
    // The home page is the same for everyone (it is kept and replayed: http/front-answers.ts).
    const user = match && match.route.id !== 'home' ? await sessionUserOf(req) : null
    if (user) data += dataBlock(PAGE_DATA.sessionUser, JSON.stringify(user))
    if (match?.route.id === 'home') {
      // The home page comes with its cards and their leagues: no second round trip (product §4).
      const leagues = await activeLeagues.json()
      data += dataBlock(PAGE_DATA.activeLeagues, leagues)
      if (html.renderer) content = (await html.renderer()).renderHome(site, leagues)
    } else if (match && decideAccess(match.route.access, user?.userRole ?? null).allowed && html.renderer) {
      const rendered = await renderWithAnswers(await html.renderer(), req, pathname, user).catch((error: unknown) => {
        // The browser can still render the page alone.
        req.log.error({ err: error }, 'rendering the page on the server failed')
        return undefined
      })
      if (rendered) {
        content = rendered.html
        data += dataBlock(PAGE_DATA.queryState, rendered.state)
      }
    }
    let page = template.replace('<!--site-config-->', () => data)
    // The tab, the history and a shared link name the page before any script runs.
    if (match) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${match.route.title} | ${site.facilityName}`)}</title>`)
    // A person's page is full of buttons that work only once the script has taken it over: until
    // then it is inert, so nothing is pressed in vain (the app lifts it: client/router.tsx).
    const root = user ? '<div id="root" inert>' : '<div id="root">'
    if (content !== undefined) page = withLowPriorityScripts(page.replace('<div id="root"></div>', () => `${root}${content}</div>`))
    return reply
      .code(match ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      // A page rendered for a person is theirs alone: never stored, by a shared cache or the browser.
      .header('cache-control', user ? 'private, no-store' : 'no-cache')
      .header('vary', 'cookie')
      .send(page)
  })
}

/**
 * A page that arrives rendered needs its scripts only to become interactive: they should not
 * take the bandwidth of the style sheet its first paint waits for.
 */
function withLowPriorityScripts(page: string): string {
  return page
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** JSON the page reads but never runs; `<` escaped, so no value can close the element. */
function dataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`
}
