import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { matchRoute } from '../shared/routes.ts'
import type { SiteConfig } from './config.ts'
import { access, declareOpen } from './http/access.ts'
import type { ActiveLeagues } from './features/leagues/active-leagues.ts'

/** Where the page's HTML shell comes from: the built file, or Vite while developing. */
export interface HtmlSource {
  template(url: string): Promise<string>
  /**
   * The home page as a visitor first sees it, made by the client's own components
   * (src/client/render-home.tsx, built to dist/ssr): its cards paint before the script has
   * arrived (docs/decisions/0007). Without it the browser renders the page alone.
   */
  renderHome?(site: SiteConfig, leaguesJson: string): Promise<string>
}

type RenderHome = (site: SiteConfig, leaguesJson: string) => string

export function builtHtml(clientDir: string): HtmlSource {
  let cached: Promise<string> | undefined
  let renderer: Promise<RenderHome> | undefined
  return {
    template: () => {
      // A failed read (a build replacing the file) is not remembered: the next request retries.
      cached ??= fs.readFile(path.join(clientDir, 'index.html'), 'utf8').catch((error: unknown) => {
        cached = undefined
        throw error
      })
      return cached
    },
    async renderHome(site, leaguesJson) {
      const file = pathToFileURL(path.join(clientDir, '..', 'ssr', 'render-home.js')).href
      renderer ??= import(file).then(
        (module: { renderHome: RenderHome }) => module.renderHome,
        (error: unknown) => {
          renderer = undefined
          throw error
        },
      )
      return (await renderer)(site, leaguesJson)
    },
  }
}

/**
 * Serves the single-page app. Every path of the route table gets the shell with 200; any
 * other path gets the same shell with 404, and the app shows its Page Not Found screen.
 * The facility's settings, and on the home page its active leagues, travel inside the shell,
 * so no extra round trip is needed.
 */
export async function registerPages(
  app: FastifyInstance,
  {
    html,
    clientDir,
    site,
    activeLeagues,
  }: { html: HtmlSource; clientDir: string | undefined; site: SiteConfig; activeLeagues: ActiveLeagues },
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
        wildcard: false,
        // The build writes .br and .gz copies (vite.config.ts); caches must keep them apart.
        preCompressed: true,
        setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
      })
      // In the same scope: reply.sendFile is decorated there.
      for (const file of ['favicon.svg', 'robots.txt']) {
        scope.get(`/${file}`, access('open'), (_req, reply) => reply.header('cache-control', 'public, max-age=86400').sendFile(file, clientDir))
      }
    })
  }

  const siteConfig = dataBlock('site-config', JSON.stringify(site))
  app.get('/*', access('open'), async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply.code(404).send({ error: { message: `There is nothing at ${req.method} ${pathname}.` } })
    }
    const match = matchRoute(pathname)
    // The home page comes with its cards and their leagues: no second round trip (spec §4).
    const leagues = match?.route.id === 'home' ? await activeLeagues.json() : undefined
    const template = await html.template(req.url)
    const data = siteConfig + (leagues === undefined ? '' : dataBlock('active-leagues', leagues))
    let page = template.replace('<!--site-config-->', () => data)
    if (leagues !== undefined && html.renderHome) {
      const content = await html.renderHome(site, leagues)
      page = withLowPriorityScripts(page.replace('<div id="root"></div>', () => `<div id="root">${content}</div>`))
    }
    return reply
      .code(match ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
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

/** JSON the page reads but never runs; `<` escaped, so no value can close the element. */
function dataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`
}
