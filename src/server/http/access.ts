import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import type { ApiAccess } from '../../shared/contracts/contract.ts'
import type { CurrentUser, Guards } from '../auth/guards.ts'

/**
 * Who may call an API route, declared on every route as `config.access` so the authorization
 * matrix test (src/server/authorization-matrix.test.ts) can check each one. The handlers' guards
 * still enforce it; this declaration says what they should do.
 *
 * - `open`: anyone, signed in or not.
 * - `login`: any signed-in user (401 when signed out).
 * - `staff`: admins and employees, the front desk (docs/decisions/0016; 401 signed out, 403 otherwise).
 * - `admin`: admins only (401 when signed out, 403 otherwise).
 * - `owner`: signed in, and the object belongs to the caller (or, where the route says so, the
 *   caller is staff); anyone else gets the same 404 as for an object that does not exist.
 *
 * Routes with a contract (src/shared/contracts) declare it there and are served by `serve`;
 * `installAccessGuards` runs the guard each declaration asks for, before the body is read, and
 * `serve` hands the handler the user it let through. Handlers never call a guard themselves.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: ApiAccess
  }
  interface FastifyRequest {
    /** The signed-in user the route's declared access let through; null on open routes. */
    signedIn: CurrentUser | null
  }
}

/** Route options declaring access: `app.get('/api/x', access('login'), handler)`. */
export function access(declared: ApiAccess): { config: { access: ApiAccess } } {
  return { config: { access: declared } }
}

export interface DeclaredRoute {
  method: string
  url: string
  access: ApiAccess
  /** The route's schemas, zod ones for a route served from its contract (src/server/http/contract.ts). */
  schema?: RouteOptions['schema']
}

/**
 * Records every route as it is added. `check()` runs once every plugin has loaded (routes added by
 * plugins such as @fastify/static get their access from the plugin's scope) and throws when a
 * route declares none, so a new route without a declaration fails at startup.
 */
export function collectRoutes(app: FastifyInstance): { check(): DeclaredRoute[] } {
  const added: RouteOptions[] = []
  app.addHook('onRoute', (route) => {
    added.push(route)
  })
  return {
    check() {
      const routes: DeclaredRoute[] = []
      for (const route of added) {
        const declared = route.config?.access
        for (const method of [route.method].flat()) {
          if (!declared) throw new Error(`${method} ${route.url} declares no access: add access('open' | 'login' | 'staff' | 'admin' | 'owner') to it.`)
          // Fastify adds a HEAD route for every GET, with the GET's config: it is not listed twice.
          if (method !== 'HEAD') routes.push({ method, url: route.url, access: declared, ...(route.schema ? { schema: route.schema } : {}) })
        }
      }
      return routes
    },
  }
}

/** Marks every route a plugin adds inside `scope` (static files) as open. */
export function declareOpen(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'open' }
  })
}

/**
 * Runs the guard every route's declared access asks for, before its body is read or checked, so
 * a visitor learns nothing of a route's input and a handler never forgets its guard: signed in
 * for `login` and `owner` (the owner check is the handler's), the role for `staff` and `admin`.
 */
export function installAccessGuards(app: FastifyInstance, guards: Pick<Guards, 'requireUser' | 'requireAccess'>): void {
  app.decorateRequest('signedIn', null)
  // On each route that needs a signed-in caller, and only there: an open route pays nothing.
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access
    if (declared === undefined || declared === 'open') return
    const guard = async (req: FastifyRequest) => {
      req.signedIn = declared === 'login' || declared === 'owner' ? await guards.requireUser(req) : await guards.requireAccess(req, declared)
    }
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()]
  })
}
