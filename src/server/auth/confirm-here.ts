import { createHmac, timingSafeEqual } from 'node:crypto'
import { decodeJwt } from 'jose'

/**
 * The browser that created an account is the one its confirmation link signs in. Create Account
 * leaves this cookie (an HMAC of the address, readable only by the confirmation route); a link
 * opened anywhere else confirms the address but signs no one in, so an attacker's own link
 * cannot sign a victim into the attacker's account (login CSRF, issue 9 item 2).
 */
const NAME = 'confirm-here'
const PATH = '/api/auth/verify-email'
const MAX_AGE_SECONDS = 24 * 3600

function mac(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`confirm-here:${email.trim().toLowerCase()}`).digest('base64url')
}

/** The Set-Cookie header value Create Account answers with. */
export function confirmHereCookie(secret: string, email: string, secure: boolean): string {
  return `${NAME}=${mac(secret, email)}; Path=${PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** Whether this request comes from the browser that created the account the link confirms. */
export function startedHere(cookieHeader: string | undefined, secret: string, verificationToken: string): boolean {
  let email: unknown
  try {
    email = decodeJwt(verificationToken).email
  } catch {
    return false
  }
  if (typeof email !== 'string' || !cookieHeader) return false
  const expected = Buffer.from(mac(secret, email))
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${NAME}=`))
    .some((part) => {
      const given = Buffer.from(part.slice(NAME.length + 1))
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
}
