import { createHash } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

/** Bearer tokens for the callable-function protocol (product §7) live this long. */
export const TOKEN_LIFETIME_SECONDS = 10 * 60

/** Who a token speaks for: a user, through one of their signed-in sessions. */
export interface TokenClaims {
  userId: string
  sessionId: string
}

export interface TokenIssuer {
  issue(claims: TokenClaims): Promise<{ token: string; expiresAt: string }>
  /** The claims of a well-formed, unexpired token of this site for this audience, or null. */
  verify(token: string): Promise<TokenClaims | null>
}

/**
 * Short-lived HS256 tokens the signed-in browser obtains from GET /api/session/token with its
 * session cookie. A token names the user and the session it came from: the guards accept it only
 * while that session lives within its limits (auth/guards.ts), so signing out, a password change
 * or a staff session's idle limit ends its tokens too. The role is read from the database on
 * every call, so a demotion takes effect at once.
 */
export function createTokenIssuer(secret: string, issuer: string, now: () => Date = () => new Date()): TokenIssuer {
  // A key of its own, derived from the auth secret, so a token can never pass as a cookie.
  const key = createHash('sha256').update(`callable-token:${secret}`).digest()
  const audience = 'functions'
  return {
    async issue({ userId, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000)
      const expires = issuedAt + TOKEN_LIFETIME_SECONDS
      const token = await new SignJWT({ sid: sessionId })
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
        return typeof payload.sub === 'string' && typeof payload.sid === 'string' ? { userId: payload.sub, sessionId: payload.sid } : null
      } catch {
        return null
      }
    },
  }
}
