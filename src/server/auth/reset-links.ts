import { randomBytes } from 'node:crypto'
import type { Auth } from './auth.ts'

/**
 * A link to choose a password, made for staff at the desk (docs/decisions/0016) exactly as the
 * authentication library makes the one Forgot Password emails: a one-time token stored as its
 * verification value, accepted once by /resetPassword until it expires.
 */
export async function passwordLinkToken(auth: Auth, userId: string, now: Date, validHours: number): Promise<{ token: string; expiresAt: Date }> {
  const { internalAdapter } = await auth.$context
  const token = randomBytes(18).toString('base64url')
  const expiresAt = new Date(now.getTime() + validHours * 3_600_000)
  await internalAdapter.createVerificationValue({ value: userId, identifier: `reset-password:${token}`, expiresAt })
  return { token, expiresAt }
}
