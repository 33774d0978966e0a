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
} from '../../shared/schemas/account.ts'
import { validateForm } from '../../shared/validation/rules.ts'
import { DEFAULT_ROLE, sessionUserFrom } from '../../shared/roles.ts'
import { ACCESS_MESSAGES } from '../../shared/routes.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/connect.ts'
import { findUserRecord } from '../features/users/users.queries.ts'
import { badRequest, forbidden, HttpError, tooManyRequests, unauthorized } from '../http/errors.ts'
import { parseForm } from '../http/forms.ts'
import { CLIENT_IP_HEADER, type Auth } from './auth.ts'
import { toHeaders, type Guards } from './guards.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'
import type { TokenIssuer } from './tokens.ts'
import { confirmHereCookie, startedHere } from './confirm-here.ts'
import { access } from '../http/access.ts'
import { requestOrigin } from '../http/origins.ts'
import type { SignUpAnswer } from '../../shared/schemas/account.ts'

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
  app.post('/api/auth/sign-up/email', access('open'), async (req, reply): Promise<SignUpAnswer | FastifyReply> => {
    const body = asRecord(req.body)
    const result = validateForm(registerFields, { ...body, displayName: body.name })
    if (!result.valid) {
      const { displayName, ...rest } = result.errors
      throw badRequest(result.message ?? 'Sorry, not all fields are filled out correctly.', {
        ...rest,
        ...(displayName ? { name: displayName } : {}),
      })
    }
    const callbackURL = sitePath(body.callbackURL) ?? '/'
    const response = await callAuth(req, { ...flatFields(req.body), callbackURL })
    if (!response.ok) {
      const taken = FRIENDLY.USER_ALREADY_EXISTS!
      if (response.status === 422 && (await response.clone().text()).includes('USER_ALREADY_EXISTS')) throw new HttpError(409, taken, { email: taken })
      return send(reply, response)
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
  app.get('/api/auth/verify-email', access('open'), async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : ''
    const current = await guards.currentSession(req)
    const response = await callAuth(req, undefined, `/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    reply.header('cache-control', 'no-store')
    if (!response.ok) return reply.redirect('/signIn?confirmation=expired')
    const cookies = response.headers.getSetCookie()
    // No new session means the address was confirmed before: the person signs in as usual.
    if (cookies.length === 0) return reply.redirect('/signIn?confirmation=done')
    const created = await guards.sessionOfCookies(cookies.map((c) => c.split(';')[0]).join('; '))
    const sameAsCurrent = current !== null && current.user.id === created?.user.id
    if (!sameAsCurrent && (current !== null || !startedHere(req.headers.cookie, secret, token))) {
      if (created) await db.kysely.deleteFrom('sessions').where('id', '=', created.sessionId).execute()
      return reply.redirect(current ? '/signIn?confirmation=other-account' : '/signIn?confirmation=confirmed')
    }
    reply.header('set-cookie', cookies)
    return reply.redirect(sitePath(req.query.callbackURL) ?? '/')
  })

  /** Forgot password: the same answer whether or not the address has an account. */
  app.post('/api/auth/request-password-reset', access('open'), async (req, reply) => {
    const { email } = parseForm(ForgotPasswordForm, asRecord(req.body))
    const response = await callAuth(req, { email })
    // Without a mail server the link reaches nobody (staff never see it): say so plainly.
    const message = config.smtpUrl ? CHECK_EMAIL_FOR_RESET : `${CHECK_EMAIL_FOR_RESET} ${NO_MAIL_SERVER_FOR_RESET}`
    return response.ok ? { message } : send(reply, response)
  })

  app.post('/api/auth/reset-password', access('open'), async (req, reply) => {
    const body = asRecord(req.body)
    const { newPassword } = parseForm(ResetPasswordForm, body)
    const token = typeof body.token === 'string' ? body.token : ''
    if (token === '') throw badRequest(FRIENDLY.INVALID_TOKEN!)
    return send(reply, await callAuth(req, { newPassword, token }))
  })

  app.post('/api/auth/sign-in/email', access('open'), async (req, reply) => {
    const email = asRecord(req.body).email
    if (typeof email !== 'string' || email.trim() === '') throw badRequest('Email is required.', { email: 'Email is required.' })
    const state = await throttle.reserve(email)
    if (state.locked) {
      reply.header('retry-after', String(state.retryAfterSeconds))
      const minutes = Math.ceil(state.retryAfterSeconds / 60)
      throw tooManyRequests(
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      )
    }
    if (state.delayMs > 0) await sleep(state.delayMs)
    const response = await callAuth(req)
    // The right password (403 is an unconfirmed account, told after the password matched).
    if (response.ok || response.status === 403) await throttle.recordSuccess(email)
    return send(reply, response)
  })

  // Only these library endpoints are reachable. Profile and password changes go through
  // /api/account/* (profile.routes.ts), which apply the site's form rules; the library's own
  // update-user, change-password, change-email and delete-user would skip them.
  app.post('/api/auth/sign-out', access('open'), async (req, reply) => send(reply, await callAuth(req)))
  app.get('/api/auth/get-session', access('open'), async (req, reply) => send(reply, await callAuth(req)))

  /** The session user state of spec §3, or null: how the browser confirms its stored login. */
  app.get('/api/session', access('open'), async (req) => {
    const user = await guards.currentUser(req)
    return { user: user ? sessionUserFrom(user) : null }
  })

  /**
   * A short-lived bearer token for the callable functions (spec §7), bound to the session
   * it is issued from. Only the session cookie obtains one: a token cannot renew itself.
   */
  app.get('/api/session/token', access('login'), async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const session = await guards.currentSession(req)
    if (!session) throw unauthorized(ACCESS_MESSAGES.login)
    if (session.via !== 'cookie') throw forbidden('A token is given only to a signed-in browser, not for another token.')
    return tokens.issue({ userId: session.user.id, sessionId: session.sessionId })
  })

  /**
   * Hands a request to better-auth as a Web Request: the posted body's flat fields, or the
   * `body` given, at the request's own URL or at `url`.
   */
  function callAuth(req: FastifyRequest, body?: Record<string, unknown>, url: string = req.url): Promise<Response> {
    const headers = toHeaders(req)
    headers.set(CLIENT_IP_HEADER, req.ip)
    headers.delete('content-length')
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined
    if (hasBody) headers.set('content-type', 'application/json')
    return auth.handler(
      new Request(new URL(url, config.origins.sameHost ? requestOrigin(req) : config.publicUrl), {
        method: req.method,
        headers,
        // Only the flat fields the library's email endpoints take: re-serializing whatever was
        // posted overflowed the stack on deeply nested bodies (a 500; see fuzz.test.ts).
        body: hasBody ? JSON.stringify(body ?? flatFields(req.body)) : undefined,
      }),
    )
  }
}

/** Copies better-auth's answer back, with its errors in the site's own shape and words. */
async function send(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  const text = await response.text()
  return reply.send(response.ok ? text : friendlyError(text, response.status))
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

function asRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}
