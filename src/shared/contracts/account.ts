import { z } from 'zod'
import { ForgotPasswordForm, PasswordChange, RegisterForm, ResetPasswordForm, SignInForm } from '../schemas/account.ts'
import { contract, formBody } from './contract.ts'
import { SessionUser } from './session.ts'

/**
 * Creating an account, confirming it, signing in and out, and passwords. The authentication
 * library does the work behind these routes (src/server/auth/auth.routes.ts); only these are
 * reachable, each with the site's form rules and answers.
 */

const message = z.object({ message: z.string().describe('the words to show the person') })
const done = z.object({ ok: z.literal(true) })
/** Where to go once a link is followed: a path on this site, checked before it is used. */
const returnPath = { label: 'Return path', rules: '' } as const

/** With confirmation by email, the words to show; without it, the person signed in (docs/decisions/0008). */
export const SignUpAnswer = z.union([message, z.object({ user: SessionUser.nullable() })])
export type SignUpAnswer = z.infer<typeof SignUpAnswer>

export const signUp = contract({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  access: 'open',
  summary: 'Create Account: the same answer whether or not the address already has an account',
  body: formBody({ name: RegisterForm.displayName, email: RegisterForm.email, phone: RegisterForm.phone, password: RegisterForm.password, callbackURL: returnPath }),
  responses: { 200: SignUpAnswer },
})

export const verifyEmail = contract({
  method: 'GET',
  url: '/api/auth/verify-email',
  access: 'open',
  summary: 'The link in the confirmation email: confirms the address, then redirects (signed in only in the browser that created the account)',
  // A link is followed, not filled in: whatever it carries ends in a redirect, never an error page.
  query: z.object({ token: z.string().optional().catch(undefined), callbackURL: z.string().optional().catch(undefined) }),
  responses: { 302: z.null().describe('Redirects to the return path, or to /signIn saying what happened') },
})

export const requestPasswordReset = contract({
  method: 'POST',
  url: '/api/auth/request-password-reset',
  access: 'open',
  summary: 'Forgot Password: emails a reset link; the same answer, at once, for every address',
  body: formBody(ForgotPasswordForm),
  responses: { 200: message },
})

export const resetPassword = contract({
  method: 'POST',
  url: '/api/auth/reset-password',
  access: 'open',
  summary:
    'Sets a new password with the token of a reset link; every session of the account ends. With `signIn: true` (a first password, from a walk-in’s claim link) the person is then signed in here',
  body: formBody({ ...ResetPasswordForm, token: { label: 'Token', rules: '' }, signIn: { label: 'Sign in once it is set', rules: '' } }),
  responses: { 200: z.object({ ok: z.literal(true), user: SessionUser.nullable().describe('the person now signed in, when `signIn` was asked; otherwise null') }) },
})

export const signIn = contract({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  access: 'open',
  summary: 'Sign in: sets the session cookie; repeated failures are slowed, then locked for a while',
  body: formBody(SignInForm),
  responses: { 200: z.object({ user: SessionUser }) },
})

export const signOut = contract({
  method: 'POST',
  url: '/api/auth/sign-out',
  access: 'open',
  summary: 'Sign out: ends this session',
  responses: { 200: done },
})

export const changePassword = contract({
  method: 'POST',
  url: '/api/account/password',
  access: 'login',
  summary: 'Change your password: your other sessions end, this one is renewed',
  body: formBody(PasswordChange),
  responses: { 200: done },
})
