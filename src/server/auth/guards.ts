import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/connect.ts'
import { findUserRecord } from '../features/users/users.queries.ts'
import { DEFAULT_ROLE, type Role } from '../../shared/roles.ts'
import { ACCESS_MESSAGES, decideAccess, type Access } from '../../shared/routes.ts'
import { forbidden, unauthorized } from '../http/errors.ts'
import type { Auth } from './auth.ts'
import { readSessionToken } from './session-cookie.ts'
import type { TokenIssuer } from './tokens.ts'

export interface CurrentUser {
  id: string
  email: string
  displayName: string
  phone: string | null
  role: Role
}

export interface Guards {
  /** The signed-in user, or null. Reads the session cookie or an `Authorization: Bearer` token. */
  currentUser(req: FastifyRequest): Promise<CurrentUser | null>
  /** 401 when signed out; returns the user otherwise. */
  requireUser(req: FastifyRequest): Promise<CurrentUser>
  /** 401 when signed out, 403 when the user's role does not pass `access`. */
  requireAccess(req: FastifyRequest, access: Access): Promise<CurrentUser>
}

const resolved = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>()

export function createGuards({ db, auth, tokens, secret }: { db: Db; auth: Auth; tokens: TokenIssuer; secret: string }): Guards {
  const cookieName = auth.$context.then((c) => c.authCookies.sessionToken.name)

  async function resolveUserId(req: FastifyRequest): Promise<string | null> {
    const authorization = req.headers.authorization
    if (authorization?.startsWith('Bearer ')) return tokens.verify(authorization.slice('Bearer '.length).trim())
    const token = readSessionToken(req.headers.cookie, await cookieName, secret)
    if (!token) return null
    const session = await db.kysely
      .selectFrom('sessions')
      .select(['userId', 'expiresAt'])
      .where('token', '=', token)
      .executeTakeFirst()
    return session && new Date(session.expiresAt).getTime() > Date.now() ? session.userId : null
  }

  async function load(req: FastifyRequest): Promise<CurrentUser | null> {
    const userId = await resolveUserId(req)
    if (!userId) return null
    const record = await findUserRecord(db, userId)
    if (!record) return null
    return { ...record, role: record.role ?? DEFAULT_ROLE }
  }

  const guards: Guards = {
    currentUser(req) {
      let user = resolved.get(req)
      if (!user) {
        user = load(req)
        resolved.set(req, user)
      }
      return user
    },
    async requireUser(req) {
      const user = await guards.currentUser(req)
      if (!user) throw unauthorized(ACCESS_MESSAGES.login)
      return user
    },
    // The same rule the pages use (shared/routes.ts), answered as 401 or 403.
    async requireAccess(req, access) {
      const user = await guards.requireUser(req)
      const decision = decideAccess(access, user.role)
      if (!decision.allowed) throw forbidden(decision.message)
      return user
    },
  }
  return guards
}

export function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  return headers
}
