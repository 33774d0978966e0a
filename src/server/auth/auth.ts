import { betterAuth } from 'better-auth'
import type { Config } from '../config.ts'
import type { Db } from '../db/connect.ts'
import { DEFAULT_ROLE } from '../../shared/roles.ts'
import { PASSWORD_MIN_LENGTH } from '../../shared/schemas/account.ts'
import { hashPassword, verifyPassword } from './password.ts'
import { ensureUserRole } from '../features/users/users.queries.ts'

/** The header through which the Fastify adapter passes the client address (STACK-NOTES). */
export const CLIENT_IP_HEADER = 'x-client-ip'

export interface AuthOptions {
  db: Db
  config: Config
  secret: string
}

/**
 * Accounts and sessions through better-auth (docs/decisions/0002): email and password,
 * sessions stored in the database so any instance can serve any request.
 */
export function createAuth({ db, config, secret }: AuthOptions) {
  const secure = config.publicUrl.startsWith('https://')
  return betterAuth({
    appName: config.site.facilityName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
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
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    rateLimit: {
      enabled: config.env !== 'test',
      storage: 'database',
      modelName: 'rateLimits',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: 30 },
        '/sign-up/email': { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    databaseHooks: {
      session: {
        create: {
          // Spec §4: on sign-in the role comes from the user's record; a record without one
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
