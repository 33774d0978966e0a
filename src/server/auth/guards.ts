import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/connect.ts'
import { batchedRead } from '../db/read-batches.ts'
import { inList, timestampParam } from '../db/values.ts'
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

/** A signed-in request: the user, their session, and whether it came as the cookie or a bearer token. */
export interface CurrentSession {
  user: CurrentUser
  sessionId: string
  via: 'cookie' | 'bearer'
}

export interface Guards {
  /** The signed-in session, or null. Reads the session cookie or an `Authorization: Bearer` token. */
  currentSession(req: FastifyRequest): Promise<CurrentSession | null>
  /** The signed-in user, or null. */
  currentUser(req: FastifyRequest): Promise<CurrentUser | null>
  /** The session a Cookie header (or the cookies of a Set-Cookie answer) names, or null. */
  sessionOfCookies(cookieHeader: string): Promise<CurrentSession | null>
  /** 401 when signed out; returns the user otherwise. */
  requireUser(req: FastifyRequest): Promise<CurrentUser>
  /** 401 when signed out, 403 when the user's role does not pass `access`. */
  requireAccess(req: FastifyRequest, access: Access): Promise<CurrentUser>
}

const resolved = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>()

/** Sessions with their users, by one of their columns: the requests arriving together in one query. */
function sessionsBy(column: 's.id' | 's.token') {
  return batchedRead(async (db: Db, values: readonly string[]) => {
    const rows = await db.kysely
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.userId')
      .select(['u.id', 'u.email', 'u.displayName', 'u.phone', 'u.role', 's.id as sessionId', 's.token', 's.expiresAt', 's.createdAt', 's.updatedAt'])
      .where(inList(db.dialect, column, [...new Set(values)]))
      .execute()
    const found = new Map(rows.map((row) => [column === 's.id' ? row.sessionId : row.token, row]))
    return values.map((value) => found.get(value))
  })
}
const sessionById = sessionsBy('s.id')
const sessionByToken = sessionsBy('s.token')

/**
 * Staff sessions reach families' details and money, so they end sooner than customers' (the
 * library's 7 days): after 30 minutes without a request, and 12 hours after signing in.
 */
export const STAFF_SESSION = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000, touchEveryMs: 60_000 } as const

export function createGuards({ db, auth, tokens, secret }: { db: Db; auth: Auth; tokens: TokenIssuer; secret: string }): Guards {
  const cookieName = auth.$context.then((c) => c.authCookies.sessionToken.name)

  // One query per request, shared with the requests arriving with it: the session and its user together.
  async function load(req: FastifyRequest): Promise<CurrentSession | null> {
    const authorization = req.headers.authorization
    if (authorization?.startsWith('Bearer ')) {
      // A token is only as alive as the session it was issued from.
      const claims = await tokens.verify(authorization.slice('Bearer '.length).trim())
      if (!claims) return null
      const found = await fromSession('id', claims.sessionId, 'bearer')
      return found?.user.id === claims.userId ? found : null
    }
    return req.headers.cookie ? sessionOfCookies(req.headers.cookie) : null
  }

  async function sessionOfCookies(cookieHeader: string): Promise<CurrentSession | null> {
    const token = readSessionToken(cookieHeader, await cookieName, secret)
    return token ? fromSession('token', token, 'cookie') : null
  }

  async function fromSession(by: 'id' | 'token', value: string, via: CurrentSession['via']): Promise<CurrentSession | null> {
    const row = await (by === 'id' ? sessionById : sessionByToken)(db, value)
    // Session lifetimes run on the wall clock, as the authentication library's own do.
    const at = Date.now()
    if (!row || new Date(row.expiresAt).getTime() <= at) return null
    const role = row.role ?? DEFAULT_ROLE
    if (isStaff(role) && !(await staffSessionAlive(row.sessionId, row.createdAt, row.updatedAt, at))) return null
    return { user: { id: row.id, email: row.email, displayName: row.displayName, phone: row.phone, role }, sessionId: row.sessionId, via }
  }

  /** Ends a staff session past its limits; otherwise notes the activity (at most once a minute). */
  async function staffSessionAlive(sessionId: string, createdAt: Date | string | number, lastSeen: Date | string | number, at: number) {
    const idle = at - new Date(lastSeen).getTime()
    if (at - new Date(createdAt).getTime() > STAFF_SESSION.absoluteMs || idle > STAFF_SESSION.idleMs) {
      await db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute()
      return false
    }
    if (idle > STAFF_SESSION.touchEveryMs) {
      await db.kysely.updateTable('sessions').set({ updatedAt: timestampParam(db.dialect, new Date(at)) }).where('id', '=', sessionId).execute()
    }
    return true
  }

  const guards: Guards = {
    currentSession(req) {
      let session = resolved.get(req)
      if (!session) {
        session = load(req)
        resolved.set(req, session)
      }
      return session
    },
    async currentUser(req) {
      return (await guards.currentSession(req))?.user ?? null
    },
    sessionOfCookies,
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
