import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  CHECK_EMAIL_FOR_RESET,
  NO_MAIL_SERVER_FOR_RESET,
  CHECK_EMAIL_TO_FINISH,
  ForgotPasswordForm,
  PASSWORD_TOO_SHORT,
  RegisterForm,
  ResetPasswordForm,
  SignInForm,
} from '../../shared/schemas/account.ts'
import { FORM_MESSAGES, normalisedForm, validateForm } from '../../shared/validation/rules.ts'
import { DEFAULT_ROLE } from '../../shared/roles.ts'
import { sessionUserFrom } from '../../shared/session-user.ts'
import { href } from '../../shared/paths.ts'
import { ACCESS_MESSAGES } from '../../shared/routes.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/connect.ts'
import { findUserRecord } from '../features/users/users.queries.ts'
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../http/errors.ts'
import { parseForm } from '../http/forms.ts'
import { CLIENT_IP_HEADER, type Auth } from './auth.ts'
import { toHeaders, type Guards } from './guards.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'
import type { TokenIssuer } from './tokens.ts'
import { confirmHereCookie, startedHere } from './confirm-here.ts'
import { passwordLinkHolder } from './reset-links.ts'
import { knownDevice, knownDeviceCookie, newDeviceId } from './known-device.ts'
import { serve } from '../http/contract.ts'
import { readSession, sessionToken } from '../../shared/contracts/session.ts'
import { requestPasswordReset, resetPassword, signIn, signOut, signUp, verifyEmail } from '../../shared/contracts/account.ts'
import { requestOrigin } from '../http/origins.ts'

interface Deps {
  auth: Auth
  db: Db
  /** The secret that signs session cookies: it also signs the confirm-here cookie. */
  secret: string
  config: Config
  guards: Guards
  throttle: SignInThrottle
  tokens: TokenIssuer
}

/** Messages a person understands for the authentication library's error codes. */
const FRIENDLY: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'The email or password is incorrect.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_PASSWORD: 'The email or password is incorrect.',
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG: 'The password must be 128 characters or fewer.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in instead.',
  EMAIL_NOT_VERIFIED: 'Please confirm your email address first: we have just sent you a new link. Check your email.',
  INVALID_TOKEN: 'This link has expired or was already used. Ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired or was already used. Ask for a new one.',
  MISSING_OR_NULL_ORIGIN: 'This request must come from the registration site itself.',
  // The library's schema check names its own field paths ("[body.name] Invalid input"): the
  // routes normalise every field first, so this is a last resort that never shows them.
  VALIDATION_ERROR: FORM_MESSAGES.invalid,
  INVALID_ORIGIN: 'This request must come from the registration site itself.',
}

const { confirmPassword: _confirmed, ...registerFields } = RegisterForm

export function registerAuthRoutes(app: FastifyInstance, { auth, db, secret, config, guards, throttle, tokens }: Deps): void {
  /*
   * Create Account: the same form rules as the browser, before the library sees the request.
   * With confirmation by email, a new address gets a confirmation link, a taken one an email to
   * its owner; both answer the same words, so the form cannot tell which addresses have
   * accounts. Without it, the new account is signed in at once (docs/decisions/0008).
   */
  serve(app, signUp, async (req, reply) => {
    const body = req.body
    const form = normalisedForm(registerFields, { ...body, displayName: body.name })
    const result = validateForm(registerFields, form)
    if (!result.valid) {
      const { displayName, ...rest } = result.errors
      throw badRequest(result.message ?? 'Sorry, not all fields are filled out correctly.', {
        ...rest,
        ...(displayName ? { name: displayName } : {}),
      })
    }
    // The library gets the normalised fields, as strings; the password exactly as typed.
    const response = await callAuth(req, {
      name: form.displayName,
      email: form.email,
      phone: form.phone,
      password: rawPassword(body.password, form.password),
      callbackURL: sitePath(body.callbackURL) ?? '/',
    })
    if (!response.ok) {
      const taken = FRIENDLY.USER_ALREADY_EXISTS!
      const refusal = response.status === 422 ? await response.clone().text() : ''
      // The same form sent twice at once: the library found the address free before the other request took it.
      const twice = refusal.includes('FAILED_TO_CREATE_USER') && (await db.kysely.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirst()) !== undefined
      if (refusal.includes('USER_ALREADY_EXISTS') || (twice && config.accountConfirmation !== 'email')) throw conflict(taken, { email: taken })
      // With confirmation by email a taken address answers as a new one does, this one included.
      if (!twice) return sendError(reply, response)
    }
    if (config.accountConfirmation === 'email') {
      reply.header('set-cookie', confirmHereCookie(secret, String(body.email), config.publicUrl.startsWith('https://')))
      return { message: CHECK_EMAIL_TO_FINISH }
    }
    const { user } = (await response.json()) as { user: { id: string } }
    reply.header('set-cookie', response.headers.getSetCookie())
    const created = await findUserRecord(db, user.id)
    return { user: created ? sessionUserFrom({ ...created, role: created.role ?? DEFAULT_ROLE }) : null }
  })

  /**
   * The link in the confirmation email: confirms the address and, in the browser that created
   * the account, signs the person in and goes on. Anywhere else — another device, or a victim's
   * browser fed someone else's link — the address is confirmed but nobody is signed in, and a
   * session already open in that browser is never replaced.
   */
  serve(app, verifyEmail, async (req, reply) => {
    const token = req.query.token ?? ''
    const current = await guards.currentSession(req)
    const response = await callAuth(req, undefined, `/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    if (!response.ok) return reply.redirect(`${href('signIn')}?confirmation=expired`)
    const cookies = response.headers.getSetCookie()
    // No new session means the address was confirmed before: the person signs in as usual.
    if (cookies.length === 0) return reply.redirect(`${href('signIn')}?confirmation=done`)
    const created = await guards.sessionOfCookies(cookies.map((c) => c.split(';')[0]).join('; '))
    const sameAsCurrent = current !== null && current.user.id === created?.user.id
    if (!sameAsCurrent && (current !== null || !startedHere(req.headers.cookie, secret, token))) {
      if (created) await db.kysely.deleteFrom('sessions').where('id', '=', created.sessionId).execute()
      return reply.redirect(`${href('signIn')}?confirmation=${current ? 'other-account' : 'confirmed'}`)
    }
    reply.header('set-cookie', cookies)
    return reply.redirect(sitePath(req.query.callbackURL) ?? '/')
  })

  /**
   * Forgot password: the same answer for every address, given before the address is even looked
   * up. The lookup and the email follow once the answer is sent, so neither the words nor the
   * time taken tell whether an account exists (issue 9, item 8).
   */
  serve(app, requestPasswordReset, async (req, reply) => {
    const { email } = parseForm(ForgotPasswordForm, req.body)
    const request = authRequest(req, { email })
    reply.raw.once('close', () => {
      auth.handler(request).then(
        (response) => {
          if (!response.ok) req.log.warn({ status: response.status }, 'password reset request refused')
        },
        (error: unknown) => req.log.error({ err: error }, 'password reset request failed'),
      )
    })
    // Without a mail server the link reaches nobody: say so plainly, and where to get one instead (the desk, decision 0016).
    return { message: config.smtpUrl ? CHECK_EMAIL_FOR_RESET : NO_MAIL_SERVER_FOR_RESET }
  })

  serve(app, resetPassword, async (req, reply) => {
    const body = req.body
    const { newPassword } = parseForm(ResetPasswordForm, body)
    const token = typeof body.token === 'string' ? body.token : ''
    if (token === '') throw badRequest(FRIENDLY.INVALID_TOKEN!)
    const password = rawPassword(body.newPassword, newPassword)
    // Whose link it is, read before the library spends the token.
    const holder = body.signIn === true ? await passwordLinkHolder(db, token) : undefined
    // Someone else signed in here (staff trying the link on the desk's browser) stays signed in, as with a confirmation link.
    const current = holder ? await guards.currentSession(req) : null
    const response = await callAuth(req, { newPassword: password, token })
    if (!response.ok) return sendError(reply, response)
    const account = holder && (current === null || current.user.id === holder) ? await findUserRecord(db, holder) : undefined
    if (!account) return { ok: true as const, user: null }
    // A first password: the person who just chose it is signed in through the library's own
    // sign-in, so the session is made and hooked exactly as at the Sign In form.
    const signedIn = await callAuth(req, { email: account.email, password }, '/api/auth/sign-in/email')
    if (!signedIn.ok) return { ok: true as const, user: null }
    reply.header('set-cookie', [...signedIn.headers.getSetCookie(), knownDeviceCookie(secret, account.email, newDeviceId(), config.publicUrl.startsWith('https://'))])
    return { ok: true as const, user: sessionUserFrom({ ...account, role: account.role ?? DEFAULT_ROLE }) }
  })

  serve(app, signIn, async (req, reply) => {
    const body = req.body
    const { email, password } = parseForm(SignInForm, body)
    const deviceId = knownDevice(req.headers.cookie, secret, email)
    const source = deviceId ? { deviceId } : { address: req.ip }
    const state = await throttle.reserve(email, source)
    if (state.locked) {
      reply.header('retry-after', String(state.retryAfterSeconds))
      const minutes = Math.ceil(state.retryAfterSeconds / 60)
      throw tooManyRequests(
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      )
    }
    if (state.delayMs > 0) await sleep(state.delayMs)
    const response = await callAuth(req, { email, password: rawPassword(body.password, password) })
    // The right password (403 is an unconfirmed account, told after the password matched).
    if (response.ok || response.status === 403) await throttle.recordSuccess(email, source)
    if (!response.ok) return sendError(reply, response)
    const { user } = (await response.json()) as { user: { id: string } }
    const signedIn = await findUserRecord(db, user.id)
    if (!signedIn) throw new Error(`user ${user.id} vanished while signing in`)
    reply.header('set-cookie', [
      ...response.headers.getSetCookie(),
      knownDeviceCookie(secret, email, deviceId ?? newDeviceId(), config.publicUrl.startsWith('https://')),
    ])
    return { user: sessionUserFrom({ ...signedIn, role: signedIn.role ?? DEFAULT_ROLE }) }
  })

  // Only these library endpoints are reachable, each answering the site's declared JSON. Profile
  // and password changes go through /api/account/* (profile.routes.ts), which apply the site's
  // form rules; the library's own update-user, change-password, change-email and delete-user
  // would skip them, and its get-session answer carries the session token.
  serve(app, signOut, async (req, reply) => {
    const response = await callAuth(req)
    if (!response.ok) return sendError(reply, response)
    reply.header('set-cookie', response.headers.getSetCookie())
    return { ok: true as const }
  })

  /** The session user state of product §3, or null: how the browser confirms its stored login. */
  serve(app, readSession, async (req) => {
    const user = await guards.currentUser(req)
    return { user: user ? sessionUserFrom(user) : null }
  })

  /**
   * A short-lived bearer token for the callable functions (product §7), bound to the session
   * it is issued from. Only the session cookie obtains one: a token cannot renew itself.
   */
  serve(app, sessionToken, async (req) => {
    const session = await guards.currentSession(req)
    if (!session) throw unauthorized(ACCESS_MESSAGES.login)
    if (session.via !== 'cookie') throw forbidden('A token is given only to a signed-in browser, not for another token.')
    return tokens.issue({ userId: session.user.id, sessionId: session.sessionId })
  })

  /** Hands a request to better-auth and answers what it answers. */
  function callAuth(req: FastifyRequest, body?: Record<string, unknown>, url?: string): Promise<Response> {
    return auth.handler(authRequest(req, body, url))
  }

  /**
   * A request for better-auth as a Web Request: the posted body's flat fields, or the `body`
   * given, at the request's own URL or at `url`.
   */
  function authRequest(req: FastifyRequest, body?: Record<string, unknown>, url: string = req.url): Request {
    const headers = toHeaders(req)
    headers.set(CLIENT_IP_HEADER, req.ip)
    headers.delete('content-length')
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined
    if (hasBody) headers.set('content-type', 'application/json')
    return new Request(new URL(url, config.origins.sameHost ? requestOrigin(req) : config.publicUrl), {
      method: req.method,
      headers,
      // Only the flat fields the library's email endpoints take: re-serializing whatever was
      // posted overflowed the stack on deeply nested bodies (a 500; see fuzz.test.ts).
      body: hasBody ? JSON.stringify(body ?? flatFields(req.body)) : undefined,
    })
  }
}

/** Answers better-auth's refusal in the site's own shape and words, with its headers (Retry-After). */
async function sendError(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding' && name !== 'content-type') reply.header(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  return reply.send(friendlyError(await response.text(), response.status))
}

function friendlyError(text: string, status: number): { error: { message: string; code?: string } } {
  let code: string | undefined
  let message: string | undefined
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown }
    if (typeof parsed.code === 'string') code = parsed.code
    if (typeof parsed.message === 'string') message = parsed.message
  } catch {
    // Not JSON: fall through to a message chosen by status.
  }
  const friendly = code ? FRIENDLY[code] : undefined
  if (friendly) return { error: { message: friendly, code } }
  if (status >= 500) return { error: { message: 'Something went wrong on our side. Please try again.' } }
  if (status === 429) return { error: { message: 'Too many requests. Please wait a minute and try again.' } }
  if (status === 401) return { error: { message: 'Please sign in to continue.', code } }
  return { error: { message: message ?? 'The request could not be completed.', code } }
}

/** The top-level string, number, boolean and null fields of a JSON body; nested values are dropped. */
function flatFields(body: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(asRecord(body)).filter(([, v]) => v === null || typeof v !== 'object'))
}

/**
 * A path on this site to go to after a link, or undefined. Refused: anything a browser could read
 * as another host (`//evil.example`, `/\evil.example`, `/<tab>/evil.example` — browsers drop tabs and
 * line breaks from addresses), absolute URLs, control characters and whitespace. Other characters
 * come back percent-encoded, so the redirect header is always plain ASCII.
 */
export function sitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return undefined
  if ([...value].some((c) => c <= ' ' || (c >= '\u007f' && c <= '\u00a0') || c === '\\')) return undefined
  const base = 'http://site.invalid'
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return undefined
  }
  const path = url.pathname + url.search + url.hash
  return url.origin === base && !path.startsWith('//') ? path : undefined
}

/** A password as typed: spaces may be part of it, so only a non-string is read as text. */
function rawPassword(value: unknown, parsed: string): string {
  return typeof value === 'string' ? value : parsed
}

function asRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}
