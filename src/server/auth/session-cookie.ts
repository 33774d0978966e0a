import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/** Whether a request may carry a session: a bearer token, or a cookie by the session's name (not yet checked). */
export function carriesSession(headers: IncomingHttpHeaders, cookieName: string): boolean {
  return headers.authorization !== undefined || (headers.cookie?.includes(`${cookieName}=`) ?? false)
}

/**
 * Reads the session token from better-auth's signed cookie (`<token>.<base64 HMAC-SHA256>`,
 * URL-encoded) without going through the library, which costs about 2 ms of CPU per call
 * and would cap a registration rush far below the database's speed (docs/decisions/0006).
 * Returns null for a missing, malformed or forged cookie.
 */
export function readSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string): string | null {
  if (!cookieHeader) return null
  const prefix = `${cookieName}=`
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length)
  if (!raw) return null
  let value: string
  try {
    value = decodeURIComponent(raw)
  } catch {
    return null
  }
  const dot = value.lastIndexOf('.')
  if (dot <= 0) return null
  const token = value.slice(0, dot)
  const given = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}
