import path from 'node:path'
import { z } from 'zod'

/**
 * The only reader of process.env. Everything the server can be told from outside is
 * declared here, validated once, and handed down as a plain object.
 */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url('must be a URL such as https://register.example.com').optional(),
  // Which proxies may say who the client is (X-Forwarded-For). Trusting every hop would let a
  // client name any address and slip past the per-address rate limits, so `true` means proxies
  // on this machine or a private network; otherwise list the proxies' addresses.
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) => v === 'true' || v === 'false' || v.split(',').every((a) => /^([0-9a-f.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/i.test(a.trim())),
      'must be false, true (proxies on loopback or private networks), or a comma-separated list of proxy addresses/CIDRs',
    )
    .transform((v): string | false => (v === 'false' ? false : v === 'true' ? 'loopback,linklocal,uniquelocal' : v)),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  FACILITY_NAME: z.string().min(1).default('Indoor Sports Center'),
  FACILITY_WEBSITE_URL: z.url().default('https://www.example.com'),
  SOCCER_TEAM_WAITLIST_URL: z.url().default('https://www.example.com/soccer-team-waitlist'),
  FACILITY_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago'),
  WAITLIST_CLAIM_HOURS: z.coerce.number().positive().max(24 * 30).default(48),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Indoor Sports Center <no-reply@localhost>'),
  MAX_DB_BACKLOG: z.coerce.number().int().min(0).default(1000),
  SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** The address people use to reach the site; decides cookie `Secure` and the allowed Origin. */
  publicUrl: string
  /** false, or the addresses of the proxies whose X-Forwarded-For is believed (Fastify's trustProxy). */
  trustProxy: string | false
  /** Undefined means "generate one and keep it in DATA_DIR" (see auth/secret.ts). */
  authSecret: string | undefined
  site: SiteConfig
  /** How long a person promoted from the waitlist has to claim the place. */
  claimWindowMs: number
  /** Undefined: emails are kept in the outbox table and the log only. */
  smtpUrl: string | undefined
  mailFrom: string
  /** Waiting database work beyond which API requests get 503 (http/overload.ts). */
  maxDbBacklog: number
  /** Sign-in attempts a minute from one client address (the per-account throttle comes on top). */
  signInsPerMinute: number
  logLevel: string
}

/** What the browser is told about the facility (sent with the page, see server/pages.ts). */
export interface SiteConfig {
  facilityName: string
  websiteUrl: string
  soccerTeamWaitlistUrl: string
  /** League dates are days in this zone. */
  timeZone: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`The configuration in the environment is not valid:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    site: {
      facilityName: e.FACILITY_NAME,
      websiteUrl: e.FACILITY_WEBSITE_URL,
      soccerTeamWaitlistUrl: e.SOCCER_TEAM_WAITLIST_URL,
      timeZone: e.FACILITY_TIME_ZONE,
    },
    claimWindowMs: e.WAITLIST_CLAIM_HOURS * 3_600_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maxDbBacklog: e.MAX_DB_BACKLOG,
    signInsPerMinute: e.SIGN_INS_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
