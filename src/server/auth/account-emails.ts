import type { NewEmail } from '../core/outbox.queries.ts'
import { href } from '../../shared/paths.ts'

/** The words of the account emails, in one place. `siteUrl` has no trailing slash. */

/** The account an email is about, as the authentication library hands it over. */
interface Recipient {
  email: string
  name: string
  emailVerified: boolean
}

/**
 * Names are typed by whoever created the account. Until the owner of the address has confirmed
 * it, the name may be a stranger's words, so the email does not quote it (issue 9, item 10).
 */
function greeting(to: Recipient): string {
  return to.emailVerified ? `Hi ${to.name},` : 'Hello,'
}

/**
 * The page where a password is chosen from a one-time link. `welcome`: the account's first
 * password (a walk-in's claim link), so the page greets them and signs them in when done.
 */
export function passwordPageUrl(siteUrl: string, token: string, { welcome = false }: { welcome?: boolean } = {}): string {
  return `${siteUrl}${href('resetPassword')}?token=${encodeURIComponent(token)}${welcome ? '&welcome=1' : ''}`
}

export const VERIFICATION_LINK_HOURS = 24
export const RESET_LINK_HOURS = 1

/** Sent to an address nobody has confirmed yet: it never quotes what was typed at Create Account. */
export function verificationEmail(facility: string, to: string, link: string): NewEmail {
  return {
    to,
    subject: `Confirm your email address for ${facility}`,
    secret: true,
    text: [
      'Hello,',
      '',
      `To finish creating your ${facility} account, open this link:`,
      link,
      '',
      `The link works for ${VERIFICATION_LINK_HOURS} hours. If you did not create an account, ignore this email.`,
    ].join('\n'),
  }
}

export function existingAccountEmail(facility: string, siteUrl: string, to: Recipient): NewEmail {
  return {
    to: to.email,
    subject: `You already have an account with ${facility}`,
    text: [
      greeting(to),
      '',
      'Someone, probably you, tried to create an account with this email address, but it already has one.',
      `Sign in: ${siteUrl}${href('signIn')}`,
      `Forgot your password? ${siteUrl}${href('forgotPassword')}`,
      '',
      'If it was not you, ignore this email: nothing has changed.',
    ].join('\n'),
  }
}

export function passwordResetEmail(facility: string, siteUrl: string, to: Recipient, token: string): NewEmail {
  return {
    to: to.email,
    subject: `Reset your ${facility} password`,
    secret: true,
    text: [
      greeting(to),
      '',
      'To choose a new password, open this link:',
      passwordPageUrl(siteUrl, token),
      '',
      `The link works for ${RESET_LINK_HOURS} hour and only once. If you did not ask for it, ignore this email: your password stays the same.`,
    ].join('\n'),
  }
}

/** A customer created at the front desk chooses their password from this link (docs/decisions/0016). */
export function accountClaimEmail(facility: string, siteUrl: string, to: { email: string; name: string }, token: string, validHours: number): NewEmail {
  return {
    to: to.email,
    subject: `Your ${facility} account is ready`,
    secret: true,
    text: [
      `Hi ${to.name},`,
      '',
      `The front desk made you an account at ${facility}. To choose your password and sign in, open this link:`,
      passwordPageUrl(siteUrl, token, { welcome: true }),
      '',
      `The link works for ${validHours} hours and only once; after that, use Forgot Password on the sign-in page.`,
    ].join('\n'),
  }
}
