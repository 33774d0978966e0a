import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * A browser that has signed in to an account before carries this cookie: a random device id and
 * an HMAC binding it to the account's email. Its sign-in attempts are counted on their own, so
 * a stranger's wrong guesses never lock the owner out of the browsers they use (issue 9, item 11;
 * docs/decisions/0011). It grants nothing else: the password is still checked. Read only by the
 * sign-in route.
 */
const NAME = 'known-device'
const PATH = '/api/auth/sign-in'
const MAX_AGE_SECONDS = 365 * 24 * 3600

function mac(secret: string, email: string, deviceId: string): string {
  return createHmac('sha256', secret).update(`known-device:${email}:${deviceId}`).digest('base64url')
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url')
}

/** The Set-Cookie header value a successful sign-in answers with. `email` is normalised. */
export function knownDeviceCookie(secret: string, email: string, deviceId: string, secure: boolean): string {
  const value = `${deviceId}.${mac(secret, email, deviceId)}`
  return `${NAME}=${value}; Path=${PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** The device id, when this browser signed in to the account of `email` before; else undefined. */
export function knownDevice(cookieHeader: string | undefined, secret: string, email: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const cookie = part.trim()
    if (!cookie.startsWith(`${NAME}=`)) continue
    const [deviceId = '', given = ''] = cookie.slice(NAME.length + 1).split('.')
    const expected = Buffer.from(mac(secret, email, deviceId))
    const actual = Buffer.from(given)
    if (deviceId !== '' && actual.length === expected.length && timingSafeEqual(actual, expected)) return deviceId
  }
  return undefined
}
