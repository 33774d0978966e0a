import type { FastifyInstance } from 'fastify'

/**
 * Headers on every answer. The page has no inline script (the site settings are a JSON data
 * block, which is never executed), so the policy can forbid it.
 */
export function installSecurityHeaders(app: FastifyInstance, { https, dev }: { https: boolean; dev: boolean }): void {
  const csp = [
    "default-src 'self'",
    // Vite's development client injects inline scripts and a websocket for hot reload.
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data:",
    dev ? "connect-src 'self' ws:" : "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  const headers = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
  app.addHook('onSend', (req, reply, payload, done) => {
    // API answers carry personal data unless their route says otherwise: only the few public
    // ones (leagues, academies) choose their own caching (issue 9, item 9).
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    reply.headers(headers)
    done(null, payload)
  })
}
