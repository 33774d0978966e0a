import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/connect.ts'
import { timestampParam } from '../db/values.ts'
import { findUserRecord } from '../features/users/users.queries.ts'
import { DEFAULT_ROLE, isStaff, type Role } from '../../shared/roles.ts'
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

/**
 * Staff sessions reach families' details and money, so they end sooner than customers' (the
 * library's 7 days): after 30 minutes without a request, and 12 hours after signing in.
 */
export const STAFF_SESSION = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000, touchEveryMs: 60_000 } as const

export function createGuards({ db, auth, tokens, secret }: { db: Db; auth: Auth; tokens: TokenIssuer; secret: string }): Guards {
  const cookieName = auth.$context.then((c) => c.authCookies.sessionToken.name)

  // One query per request: the session and its user together.
  async function load(req: FastifyRequest): Promise<CurrentUser | null> {
    const authorization = req.headers.authorization
    if (authorization?.startsWith('Bearer ')) {
      const userId = await tokens.verify(authorization.slice('Bearer '.length).trim())
      const record = userId ? await findUserRecord(db, userId) : undefined
      return record ? { ...record, role: record.role ?? DEFAULT_ROLE } : null
    }
    const token = readSessionToken(req.headers.cookie, await cookieName, secret)
    if (!token) return null
    const row = await db.kysely
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.userId')
      .select(['u.id', 'u.email', 'u.displayName', 'u.phone', 'u.role', 's.expiresAt', 's.createdAt', 's.updatedAt'])
      .where('s.token', '=', token)
      .executeTakeFirst()
    // Session lifetimes run on the wall clock, as the authentication library's own do.
    const at = Date.now()
    if (!row || new Date(row.expiresAt).getTime() <= at) return null
    const role = row.role ?? DEFAULT_ROLE
    if (isStaff(role) && !(await staffSessionAlive(token, row.createdAt, row.updatedAt, at))) return null
    return { id: row.id, email: row.email, displayName: row.displayName, phone: row.phone, role }
  }

  /** Ends a staff session past its limits; otherwise notes the activity (at most once a minute). */
  async function staffSessionAlive(token: string, createdAt: Date | string | number, lastSeen: Date | string | number, at: number) {
    const idle = at - new Date(lastSeen).getTime()
    if (at - new Date(createdAt).getTime() > STAFF_SESSION.absoluteMs || idle > STAFF_SESSION.idleMs) {
      await db.kysely.deleteFrom('sessions').where('token', '=', token).execute()
      return false
    }
    if (idle > STAFF_SESSION.touchEveryMs) {
      await db.kysely.updateTable('sessions').set({ updatedAt: timestampParam(db.dialect, new Date(at)) }).where('token', '=', token).execute()
    }
    return true
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
