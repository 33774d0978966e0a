import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { matchRoute } from '../shared/routes.ts'
import type { SiteConfig } from './config.ts'
import { access, declareOpen } from './http/access.ts'

/** Where the page's HTML shell comes from: the built file, or Vite while developing. */
export interface HtmlSource {
  template(url: string): Promise<string>
}

export function builtHtml(clientDir: string): HtmlSource {
  let cached: Promise<string> | undefined
  return {
    template: () => {
      // A failed read (a build replacing the file) is not remembered: the next request retries.
      cached ??= fs.readFile(path.join(clientDir, 'index.html'), 'utf8').catch((error: unknown) => {
        cached = undefined
        throw error
      })
      return cached
    },
  }
}

/**
 * Serves the single-page app. Every path of the route table gets the shell with 200; any
 * other path gets the same shell with 404, and the app shows its Page Not Found screen.
 * The facility's settings travel inside the shell, so no extra round trip is needed.
 */
export async function registerPages(
  app: FastifyInstance,
  { html, clientDir, site }: { html: HtmlSource; clientDir: string | undefined; site: SiteConfig },
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
      })
      // In the same scope: reply.sendFile is decorated there.
      for (const file of ['favicon.svg', 'robots.txt']) {
        scope.get(`/${file}`, access('open'), (_req, reply) => reply.header('cache-control', 'public, max-age=86400').sendFile(file, clientDir))
      }
    })
  }

  const siteJson = JSON.stringify(site).replace(/</g, '\\u003c')
  app.get('/*', access('open'), async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply.code(404).send({ error: { message: `There is nothing at ${req.method} ${pathname}.` } })
    }
    const template = await html.template(req.url)
    const page = template.replace(
      '<!--site-config-->',
      `<script type="application/json" id="site-config">${siteJson}</script>`,
    )
    return reply
      .code(matchRoute(pathname) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page)
  })
}
