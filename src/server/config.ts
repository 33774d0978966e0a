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
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .refine(
      (v) => v.split(',').every((o) => o.trim() === '' || /^https?:\/\/[^/\s]+$/.test(o.trim())),
      'must be a comma-separated list of origins such as https://kiosk.example.com (scheme and host, no path)',
    )
    .transform((v) => v.split(',').map((o) => o.trim()).filter((o) => o !== '')),
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
  TEAM_HOLD_DAYS: z.coerce.number().positive().max(60).default(7),
  MAX_CHILDREN_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(8),
  MAX_PLACES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(6),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Indoor Sports Center <no-reply@localhost>'),
  ACCOUNT_CONFIRMATION: z.enum(['email', 'none']).optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  MAX_DB_BACKLOG: z.coerce.number().int().min(0).default(1000),
  SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SIGN_UPS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  PASSWORD_LINKS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(3),
  PASSWORD_LINKS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(10),
  DB_STATS: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key such as sk_test_… or sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret, whsec_…")
    .optional(),
  // Where the Stripe library sends its requests instead of api.stripe.com: the fake Stripe server of the tests.
  STRIPE_API_URL: z.url('must be a URL such as http://127.0.0.1:12111').optional(),
}).refine((e) => (e.STRIPE_SECRET_KEY === undefined) === (e.STRIPE_WEBHOOK_SECRET === undefined), {
  message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together: payments online need both',
  path: ['STRIPE_WEBHOOK_SECRET'],
})

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /**
   * The address links in emails point to; an https:// one turns on Secure cookies and HSTS.
   * Without PUBLIC_URL it is http://localhost:$PORT, and requests are accepted from whichever
   * address reached the server (see `origins`).
   */
  publicUrl: string
  /** Which browser origins may make state-changing requests (http/origins.ts). */
  origins: OriginRules
  /** false, or the addresses of the proxies whose X-Forwarded-For is believed (Fastify's trustProxy). */
  trustProxy: string | false
  /** Undefined means "generate one and keep it in DATA_DIR" (see auth/secret.ts). */
  authSecret: string | undefined
  site: SiteConfig
  /** How long a person promoted from the waitlist has to claim the place. */
  claimWindowMs: number
  /** How long a team place staff hold for a captain (/createTeamAdmin) waits to be claimed. */
  teamHoldMs: number
  /** What one account may take for itself online; staff at the desk may go past them (docs/decisions/0020). */
  accountLimits: AccountLimits
  /** Undefined: emails are kept in the outbox table and the log only. */
  smtpUrl: string | undefined
  mailFrom: string
  /**
   * `email`: a new account is confirmed from an emailed link before it can sign in, and Create
   * Account never reveals whether an address has an account (docs/decisions/0008). `none`:
   * Create Account signs the person in at once. Default: `email` with SMTP_URL, `none` without.
   */
  accountConfirmation: 'email' | 'none'
  backups: BackupConfig
  /** Waiting database work beyond which API requests get 503 (http/overload.ts). */
  maxDbBacklog: number
  /** Sign-in attempts a minute from one client address (the per-account throttle comes on top). */
  signInsPerMinute: number
  /** Accounts created a minute from one client address. */
  signUpsPerMinute: number
  /** Password links one account may be given, by the desk, an admin or Forgot Password (docs/decisions/0016). */
  passwordLinks: { perHour: number; perDay: number }
  /** Count database statements; SIGUSR2 prints the counts as one JSON line (db/stats.ts). */
  dbStats: boolean
  logLevel: string
  /** Readable lines for a person at a terminal, JSON lines for a log collector. */
  logFormat: 'pretty' | 'json'
  /** Undefined: nothing is paid online; the front desk takes every payment. */
  stripe: StripeConfig | undefined
}

export interface OriginRules {
  /** PUBLIC_URL is unset: a request whose Origin matches its own Host and scheme is accepted. */
  sameHost: boolean
  /** Origins always accepted: PUBLIC_URL's and ALLOWED_ORIGINS. */
  listed: string[]
}

export interface BackupConfig {
  /** Where `npm run backup` and the scheduled backups write. */
  dir: string
  /** Hours between scheduled backups of the embedded database; 0 turns them off. */
  everyHours: number
  /** Scheduled backups kept; older ones are deleted. */
  keep: number
}

export interface AccountLimits {
  /** Children one account may add. */
  children: number
  /** Live places (confirmed, held, offered, waitlisted) one account may hold in one league or academy. */
  placesPerOffering: number
}

/** What the browser is told about the facility (sent with the page, see server/pages.ts). */
export interface SiteConfig {
  facilityName: string
  websiteUrl: string
  soccerTeamWaitlistUrl: string
  /** League dates are days in this zone. */
  timeZone: string
  /** Whether emails leave (SMTP_URL): pages say "sent" and "emailed" only when they do. */
  sendsEmail: boolean
  /** Whether people pay online (Stripe keys set); otherwise pages say payment is taken at the front desk. */
  paysOnline: boolean
}

/** Stripe Checkout, when its keys are set (issue 24). */
export interface StripeConfig {
  secretKey: string
  webhookSecret: string
  /** Unset: api.stripe.com. */
  apiUrl: string | undefined
}

/** `tty`: standard output is a terminal, where the log is written as readable lines by default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, tty = process.stdout.isTTY === true): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`The configuration in the environment is not valid:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    origins: {
      sameHost: e.PUBLIC_URL === undefined,
      listed: [...(e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).origin] : []), ...e.ALLOWED_ORIGINS.map((o) => new URL(o).origin)],
    },
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    site: {
      facilityName: e.FACILITY_NAME,
      websiteUrl: e.FACILITY_WEBSITE_URL,
      soccerTeamWaitlistUrl: e.SOCCER_TEAM_WAITLIST_URL,
      timeZone: e.FACILITY_TIME_ZONE,
      sendsEmail: e.SMTP_URL !== undefined,
      paysOnline: e.STRIPE_SECRET_KEY !== undefined,
    },
    claimWindowMs: e.WAITLIST_CLAIM_HOURS * 3_600_000,
    teamHoldMs: e.TEAM_HOLD_DAYS * 86_400_000,
    accountLimits: { children: e.MAX_CHILDREN_PER_ACCOUNT, placesPerOffering: e.MAX_PLACES_PER_ACCOUNT },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    accountConfirmation: e.ACCOUNT_CONFIRMATION ?? (e.SMTP_URL ? 'email' : 'none'),
    backups: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
    },
    maxDbBacklog: e.MAX_DB_BACKLOG,
    signInsPerMinute: e.SIGN_INS_PER_MINUTE,
    signUpsPerMinute: e.SIGN_UPS_PER_MINUTE,
    passwordLinks: { perHour: e.PASSWORD_LINKS_PER_HOUR, perDay: e.PASSWORD_LINKS_PER_DAY },
    dbStats: e.DB_STATS === '1',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' || (tty && e.NODE_ENV !== 'test') ? 'pretty' : 'json'),
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL } : undefined,
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
