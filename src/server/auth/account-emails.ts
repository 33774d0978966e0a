import type { NewEmail } from '../features/mail/outbox.queries.ts'

/** The words of the account emails, in one place. `siteUrl` has no trailing slash. */

export const VERIFICATION_LINK_HOURS = 24
export const RESET_LINK_HOURS = 1

export function verificationEmail(facility: string, to: string, name: string, link: string): NewEmail {
  return {
    to,
    subject: `Confirm your email address for ${facility}`,
    secret: true,
    text: [
      `Hi ${name},`,
      '',
      `To finish creating your ${facility} account, open this link:`,
      link,
      '',
      `The link works for ${VERIFICATION_LINK_HOURS} hours. If you did not create an account, ignore this email.`,
    ].join('\n'),
  }
}

export function existingAccountEmail(facility: string, siteUrl: string, to: string, name: string): NewEmail {
  return {
    to,
    subject: `You already have an account with ${facility}`,
    text: [
      `Hi ${name},`,
      '',
      'Someone, probably you, tried to create an account with this email address, but it already has one.',
      `Sign in: ${siteUrl}/signIn`,
      `Forgot your password? ${siteUrl}/forgotPassword`,
      '',
      'If it was not you, ignore this email: nothing has changed.',
    ].join('\n'),
  }
}

export function passwordResetEmail(facility: string, siteUrl: string, to: string, name: string, token: string): NewEmail {
  return {
    to,
    subject: `Reset your ${facility} password`,
    secret: true,
    text: [
      `Hi ${name},`,
      '',
      'To choose a new password, open this link:',
      `${siteUrl}/resetPassword?token=${encodeURIComponent(token)}`,
      '',
      `The link works for ${RESET_LINK_HOURS} hour and only once. If you did not ask for it, ignore this email: your password stays the same.`,
    ].join('\n'),
  }
}
