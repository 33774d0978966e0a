import { createHash } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

/** Bearer tokens for the callable-function protocol (spec §7) live this long. */
export const TOKEN_LIFETIME_SECONDS = 10 * 60

export interface TokenIssuer {
  issue(userId: string): Promise<{ token: string; expiresAt: string }>
  /** The user id the token was issued to, or null for a forged, expired or foreign token. */
  verify(token: string): Promise<string | null>
}

/**
 * Short-lived HS256 tokens the signed-in browser obtains from GET /api/session/token. They
 * name only the user: the role is read from the database on every call, so a demotion
 * takes effect at once.
 */
export function createTokenIssuer(secret: string, issuer: string, now: () => Date = () => new Date()): TokenIssuer {
  // A key of its own, derived from the auth secret, so a token can never pass as a cookie.
  const key = createHash('sha256').update(`callable-token:${secret}`).digest()
  const audience = 'functions'
  return {
    async issue(userId) {
      const issuedAt = Math.floor(now().getTime() / 1000)
      const expires = issuedAt + TOKEN_LIFETIME_SECONDS
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expires)
        .sign(key)
      return { token, expiresAt: new Date(expires * 1000).toISOString() }
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience,
          algorithms: ['HS256'],
          currentDate: now(),
        })
        return typeof payload.sub === 'string' ? payload.sub : null
      } catch {
        return null
      }
    },
  }
}
