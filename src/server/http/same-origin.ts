import type { FastifyInstance } from 'fastify'
import { forbidden } from './errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery defence for every state-changing API call: a browser names the
 * page's origin, so a foreign Origin or a cross-site fetch is refused.
 */
export function installSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return
    const origin = req.headers.origin
    if (req.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && origin !== allowed)) {
      throw forbidden('This request must come from the registration site itself.')
    }
  })
}
