import { betterAuth } from 'better-auth'
import type { Config } from '../config.ts'
import type { Db } from '../db/connect.ts'
import { DEFAULT_ROLE } from '../../shared/roles.ts'
import { PASSWORD_MIN_LENGTH } from '../../shared/schemas/account.ts'
import { hashPassword, verifyPassword } from './password.ts'
import { ensureUserRole } from '../features/users/users.queries.ts'
import { enqueueEmail } from '../core/outbox.queries.ts'
import { endPasswordLinks, forgotPasswordLink } from './reset-links.ts'
import { existingAccountEmail, passwordResetEmail, RESET_LINK_HOURS, VERIFICATION_LINK_HOURS, verificationEmail } from './account-emails.ts'

/** The header through which the Fastify adapter passes the client address (STACK-NOTES). */
export const CLIENT_IP_HEADER = 'x-client-ip'

export interface AuthOptions {
  db: Db
  config: Config
  secret: string
}

/**
 * Accounts and sessions through better-auth (docs/decisions/0002): email and password,
 * sessions stored in the database so any instance can serve any request. With confirmation by
 * email, a new account is confirmed from a link before it can sign in, so Create Account and
 * password reset answer the same whether or not the address has an account; without it,
 * Create Account signs the person in at once (docs/decisions/0008).
 */
export function createAuth({ db, config, secret }: AuthOptions) {
  const secure = config.publicUrl.startsWith('https://')
  const facility = config.site.facilityName
  const confirmByEmail = config.accountConfirmation === 'email'
  return betterAuth({
    appName: config.site.facilityName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    // The site's own check (http/origins.ts) has already refused foreign origins; the library
    // is handed each request at the address it was sent to (auth.routes.ts), so that address
    // is trusted when PUBLIC_URL is unset.
    trustedOrigins: (request) => [
      ...config.origins.listed,
      ...(config.origins.sameHost && request ? [new URL(request.url).origin] : []),
    ],
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic; only the library's own faults are worth a line.
    logger: { level: 'error', disabled: config.logLevel === 'silent' },
    database: { db: db.kysely, type: db.dialect, transaction: true },
    user: {
      modelName: 'users',
      fields: { name: 'displayName' },
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        // Never accepted from a request: only staff tools and the CLI set roles.
        role: { type: 'string', required: false, input: false, defaultValue: DEFAULT_ROLE },
      },
    },
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: confirmByEmail,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 3600,
      password: { hash: hashPassword, verify: verifyPassword },
      // The library answers a sign-up for a taken address exactly like a new one; the owner hears of it.
      onExistingUserSignUp: async ({ user }) => {
        await enqueueEmail(db, existingAccountEmail(facility, config.publicUrl, user))
      },
      // One live link per account, and a limit on how many reach one inbox (docs/decisions/0016).
      sendResetPassword: async ({ user, token }) => {
        if (await forgotPasswordLink(db, { userId: user.id, token, now: new Date(), limits: config.passwordLinks })) {
          await enqueueEmail(db, passwordResetEmail(facility, config.publicUrl, user, token))
        }
      },
      onPasswordReset: async ({ user }) => {
        await endPasswordLinks(db, user.id)
      },
    },
    emailVerification: {
      sendOnSignUp: confirmByEmail,
      // Signing in with the right password to an unconfirmed account sends a fresh link.
      sendOnSignIn: confirmByEmail,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_HOURS * 3600,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueEmail(db, verificationEmail(facility, user.email, url))
      },
    },
    rateLimit: {
      enabled: config.env !== 'test',
      storage: 'database',
      modelName: 'rateLimits',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: config.signInsPerMinute },
        '/sign-up/email': { window: 60, max: config.signUpsPerMinute },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      // Behind TLS the cookies carry the `__Host-` prefix (Secure, Path=/, no Domain): the
      // browser then refuses them from any other host or over plain HTTP. The library's own
      // secure prefix is the weaker `__Secure-`, so it is switched off in favour of this one.
      useSecureCookies: false,
      cookiePrefix: secure ? '__Host-better-auth' : 'better-auth',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    databaseHooks: {
      session: {
        create: {
          // Product §4: on sign-in the role comes from the user's record; a record without one
          // gets the default role and fresh timestamps.
          after: async (session) => {
            await ensureUserRole(db, session.userId)
          },
        },
      },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
