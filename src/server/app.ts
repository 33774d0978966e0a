import pretty from 'pino-pretty'
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Db } from './db/connect.ts'
import { createAuth, type Auth } from './auth/auth.ts'
import { registerAuthRoutes } from './auth/auth.routes.ts'
import { registerProfileRoutes } from './auth/profile.routes.ts'
import { createGuards } from './auth/guards.ts'
import { resolveAuthSecret } from './auth/secret.ts'
import { createInvites } from './features/teams/invites.ts'
import { createTeamSweeper } from './features/teams/team-sweeper.ts'
import { registerTeamRoutes } from './features/teams/teams.routes.ts'
import { rosterKind, teamKind } from './features/teams/team-kind.ts'
import { academyKind } from './features/academies/academy-kind.ts'
import { campKind } from './features/camps/camp-kind.ts'
import { registerCampRoutes } from './features/camps/camps.routes.ts'
import { dropInKind } from './features/drop-ins/drop-in-kind.ts'
import { registerDropInRoutes } from './features/drop-ins/drop-ins.routes.ts'
import { leagueKind } from './features/leagues/league-kind.ts'
import { registerProductRoutes } from './features/products/products.routes.ts'
import { registerDiscountCodeRoutes } from './features/products/discount-codes.routes.ts'
import { createSignInThrottle } from './auth/sign-in-throttle.ts'
import { createTokenIssuer } from './auth/tokens.ts'
import { carriesSession } from './auth/session-cookie.ts'
import { collectRoutes, installAccessGuards, type DeclaredRoute } from './http/access.ts'
import { registerFunctions } from './http/callable.ts'
import { firstOf, keptAnswers, serverAnsweringFirst, type FrontAnswer } from './http/front-answers.ts'
import { installErrorHandler } from './http/errors.ts'
import { installInputHygiene } from './http/input.ts'
import { registerHealthRoutes } from './http/health.ts'
import { openApiDocument, registerOpenApiRoutes } from './http/openapi.ts'
import { installOverloadGuard } from './http/overload.ts'
import { installSameOriginCheck } from './http/origins.ts'
import { installSecurityHeaders } from './http/security-headers.ts'
import { registerAcademyRoutes } from './features/academies/academies.routes.ts'
import { registerAcademyParticipantRoutes } from './features/academies/academy-participants.routes.ts'
import { registerAcademyAttendanceRoutes } from './features/academies/academy-attendance.routes.ts'
import { registerCalendarRoutes } from './features/calendar/calendar.routes.ts'
import { registerPlayingAreaRoutes } from './features/schedule/playing-areas.routes.ts'
import { registerGameNightRoutes } from './features/schedule/game-nights.routes.ts'
import { registerScheduleRoutes } from './features/schedule/schedule.routes.ts'
import { registerBlackoutRoutes } from './features/schedule/blackouts.routes.ts'
import { leavingTheSchedule } from './features/schedule/withdrawn.ts'
import { registerOpenScheduleRoutes } from './features/schedule/open-schedule.routes.ts'
import { registerScoreRoutes } from './features/schedule/scores.routes.ts'
import { createAcademySweeper } from './features/academies/academy-reminders.ts'
import { createBackupSchedule } from './features/backups/backup-schedule.ts'
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes.ts'
import { registerDashboardSectionRoutes } from './features/dashboard/dashboard-sections.routes.ts'
import { registerReportRoutes } from './features/dashboard/reports.routes.ts'
import { registerAuditRoutes } from './features/dashboard/audit.routes.ts'
import { registerChildrenRoutes } from './features/children/children.routes.ts'
import { registerDeskRoutes } from './features/desk/desk.routes.ts'
import { registerDeskFamilyRoutes } from './features/desk/desk-family.routes.ts'
import { registerDrawerRoutes } from './features/desk/drawer.routes.ts'
import { registerCheckoutRoutes } from './features/checkout/checkout.routes.ts'
import { createCheckoutSweeper } from './features/checkout/checkout-sweeper.ts'
import { createPlanReminders } from './features/checkout/plan-reminders.ts'
import type { Payments } from './features/checkout/payment-events.ts'
import { refundThroughProvider } from './core/payments/refunds.ts'
import { FRONT_DESK } from './core/payments/front-desk.ts'
import { createStripeProvider } from './features/stripe/stripe-provider.ts'
import { registerStripeWebhook } from './features/stripe/stripe-webhook.routes.ts'
import { watchActiveLeagues } from './features/leagues/active-leagues.ts'
import { registerLeagueAdminRoutes } from './features/leagues/leagues.admin.routes.ts'
import { registerLeagueRoutes } from './features/leagues/leagues.routes.ts'
import { registerRegistrationAdminRoutes } from './features/registrations/registrations.admin.routes.ts'
import { registerRegistrationRoutes } from './features/registrations/registrations.routes.ts'
import { createOfferSweeper } from './core/registrations/waitlist.ts'
import type { Kinds } from './core/registrations/kinds.ts'
import { createJobRunner, type JobHandlers } from './core/jobs.ts'
import { registerWaiverRoutes } from './features/waivers/waivers.routes.ts'
import { registerMailRoutes } from './features/mail/mail.routes.ts'
import { registerMessageRoutes } from './features/messages/messages.routes.ts'
import { messageEmailsJob } from './features/messages/messages.queries.ts'
import { createMailer } from './features/mail/mailer.ts'
import { userFunctions } from './features/users/users.functions.ts'
import { registerPages, type HtmlSource } from './pages.ts'
import type { Access } from '../shared/routes.ts'
import { sessionUserFrom } from '../shared/session-user.ts'
import { facilityToday } from '../shared/format.ts'

export interface AppOptions {
  db: Db
  config: Config
  /** The page shell; without it the server answers the API only (API tests). */
  html?: HtmlSource
  /** The built client (assets, favicon); undefined while developing with Vite. */
  clientDir?: string
  now?: () => Date
  /** Where log lines go (standard output by default); the log canary test reads them. */
  logStream?: { write(line: string): void }
  /** Runs before any route is added; the development server mounts Vite here. */
  configure?: (app: FastifyInstance) => Promise<void>
}

export interface App {
  app: FastifyInstance
  auth: Auth
  /** Every route with its declared access; the authorization matrix test walks this list. */
  routes: DeclaredRoute[]
  /** The callable functions' names with the access each one requires. */
  functions: Record<string, Access>
  /** Each kind of offering, as this app's engine follows it. */
  kinds: Kinds
  /** Who does each kind of background job in this app. */
  jobHandlers: JobHandlers
}

/**
 * Each kind of offering with what it adds to the engine, from the feature that owns it
 * (docs/decisions/0017): a kind added to OFFERING_KINDS and left out here fails the typecheck.
 */
export function offeringKinds() {
  return { 'league-place': leagueKind, 'team-place': leavingTheSchedule(teamKind), 'roster-place': rosterKind, 'academy-place': academyKind, 'camp-place': campKind, 'drop-in-place': dropInKind } satisfies Kinds
}

/** Builds the whole HTTP application from its dependencies; no globals, so tests build their own. */
export async function buildApp({ db, config, html, clientDir, now, logStream, configure }: AppOptions): Promise<App> {
  let answerFirst: FrontAnswer = () => false
  const readable = config.logFormat === 'pretty' && !logStream
  const app = Fastify({
    // The home page and its leagues are answered ahead of the framework (docs/decisions/0007).
    serverFactory: serverAnsweringFirst(() => answerFirst),
    logger: {
      level: config.logLevel,
      // Passwords travel in bodies and sessions in headers: neither is ever logged.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // The emailed links carry their one-time token in the address (?token=…): logged without it.
      serializers: {
        req: (req: FastifyRequest) => ({ method: req.method, url: withoutTokens(req.url), host: req.host, remoteAddress: req.ip }),
      },
      ...(logStream ? { stream: logStream } : readable ? { stream: readableLog() } : {}),
    },
    logController: new RequestLog(readable),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Malformed addresses (bad %-encoding, over-long ids) in the site's own error shape, and
    // without echoing the address back.
    frameworkErrors: (error, _req, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
      void (reply as FastifyReply).code(status).send({ error: { message: 'The address of this request is not valid.' } })
    },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Before anything else, so it sees every route, including those of plugins and of `configure`.
  const declared = collectRoutes(app)
  installErrorHandler(app)
  installSecurityHeaders(app, { https: config.publicUrl.startsWith('https://'), dev: config.env === 'development' })
  installSameOriginCheck(app, config.origins)
  installOverloadGuard(app, { db, maxBacklog: config.maxDbBacklog })
  installInputHygiene(app)
  if (configure) await configure(app)

  const secret = await resolveAuthSecret(db, config.authSecret)
  const auth = createAuth({ db, config, secret })
  const tokens = createTokenIssuer(secret, config.publicUrl, now)
  const guards = createGuards({ db, auth, tokens, secret })
  installAccessGuards(app, guards)
  const throttle = createSignInThrottle(db, now)

  registerAuthRoutes(app, { auth, db, secret, config, guards, throttle, tokens })
  const functions = { ...userFunctions(db, { auth, config, now: now ?? (() => new Date()) }) }
  registerFunctions(app, guards, functions)
  const activeLeagues = await watchActiveLeagues(db, app.log)
  app.addHook('onClose', () => activeLeagues.close())
  registerLeagueRoutes(app, { db, activeLeagues })
  const clock = now ?? (() => new Date())
  const kinds = offeringKinds()
  // The payment provider (decision 0023): Stripe when its keys are set, otherwise the front desk.
  const payments: Payments = {
    db,
    provider: config.stripe ? createStripeProvider(config.stripe) : FRONT_DESK,
    ctx: () => ({ now: clock(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }),
    timeZone: config.site.timeZone,
    log: app.log,
  }
  registerAcademyRoutes(app, { db, config, now: clock, kinds, provider: payments.provider })
  registerProductRoutes(app, { db, config, now: clock })
  registerDiscountCodeRoutes(app, { db, now: clock })
  registerAcademyParticipantRoutes(app, { db, config, now: clock, kinds })
  registerCampRoutes(app, { db, config, now: clock, kinds, provider: payments.provider })
  registerDropInRoutes(app, { db, config, now: clock, kinds, provider: payments.provider })
  registerAcademyAttendanceRoutes(app, { db, config, now: clock })
  registerCalendarRoutes(app, { db, config, now: clock })
  registerPlayingAreaRoutes(app, { db, now: clock })
  registerGameNightRoutes(app, { db, now: clock })
  registerScheduleRoutes(app, { db, config, now: clock })
  registerBlackoutRoutes(app, { db, now: clock })
  registerOpenScheduleRoutes(app, { db, config, now: clock })
  registerScoreRoutes(app, { db, config, now: clock })
  registerDashboardRoutes(app, { db, backups: config.backups, now: clock })
  registerDashboardSectionRoutes(app, { db, timeZone: config.site.timeZone, now: clock, backups: config.backups, kinds })
  registerReportRoutes(app, { db, timeZone: config.site.timeZone, now: clock })
  registerAuditRoutes(app, { db, config })
  registerMailRoutes(app, { db, config })
  const messageMail = { facilityName: config.site.facilityName, siteUrl: config.publicUrl }
  registerMessageRoutes(app, { db, mail: messageMail, timeZone: config.site.timeZone, now: clock })
  registerRegistrationRoutes(app, { db, config, now: clock, kinds, provider: payments.provider })
  registerRegistrationAdminRoutes(app, { db, config, now: clock, kinds })
  const invites = createInvites(secret)
  registerTeamRoutes(app, { db, config, now: clock, kinds, invites })
  registerLeagueAdminRoutes(app, { db, config, now: clock, kinds, activeLeagues })
  registerWaiverRoutes(app, { db, guards, now: clock })
  registerChildrenRoutes(app, { db, now: clock, limits: config.accountLimits })
  registerProfileRoutes(app, { auth, db, now: clock })
  registerDeskRoutes(app, { db, config, now: clock, kinds, auth, invites })
  registerDeskFamilyRoutes(app, { db, config, now: clock, kinds })
  registerDrawerRoutes(app, { db, config, now: clock })
  registerCheckoutRoutes(app, { db, config, now: clock, payments })
  registerStripeWebhook(app, { payments })
  // Who does each kind of job written after a commit (decision 0018): a kind of job left out fails the typecheck.
  const jobHandlers = { 'provider-refund': refundThroughProvider(db, payments.provider, payments.ctx, payments.log), 'message-emails': messageEmailsJob(db, messageMail) } satisfies JobHandlers

  const mailer = createMailer({ db, config, log: app.log, now })
  const sweeper = createOfferSweeper({ db, claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds, log: app.log, now: clock })
  const teamSweeper = createTeamSweeper({ db, claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds, timeZone: config.site.timeZone, log: app.log, now: clock })
  const academySweeper = createAcademySweeper({ db, siteUrl: config.publicUrl, timeZone: config.site.timeZone, log: app.log, now: clock })
  const planReminders = createPlanReminders({ db, siteUrl: config.publicUrl, timeZone: config.site.timeZone, paysOnline: payments.provider.online, log: app.log, now: clock })
  const backups = createBackupSchedule({ db, backups: config.backups, log: app.log, now: clock })
  const jobs = createJobRunner({ db, handlers: jobHandlers, log: app.log, now: clock })
  const checkoutSweeper = createCheckoutSweeper({ ...payments, timeZone: config.site.timeZone })
  app.addHook('onReady', async () => {
    mailer.start()
    jobs.start()
    sweeper.start()
    teamSweeper.start()
    academySweeper.start()
    planReminders.start()
    checkoutSweeper.start()
    backups.start()
  })
  app.addHook('onClose', async () => {
    await backups.stop()
    await sweeper.stop()
    await teamSweeper.stop()
    await academySweeper.stop()
    await planReminders.stop()
    await checkoutSweeper.stop()
    await jobs.stop()
    await mailer.stop()
  })
  registerHealthRoutes(app, { db, maxBacklog: config.maxDbBacklog })
  let routes: DeclaredRoute[] = []
  registerOpenApiRoutes(app, guards, (reader) => openApiDocument(routes, functions, config.site.facilityName, reader))
  if (html) {
    const sessionUserOf = async (req: FastifyRequest) => {
      const user = await guards.currentUser(req)
      return user ? sessionUserFrom(user) : null
    }
    await registerPages(app, { html, clientDir, site: config.site, activeLeagues, sessionUserOf })
  }
  const sessionCookie = (await auth.$context).authCookies.sessionToken.name
  const homeVersion = keptWithTheDay(config.site.timeZone)
  answerFirst = firstOf(
    keptAnswers(app, {
      paths: html ? ['/api/leagues/active', '/'] : ['/api/leagues/active'],
      version: () => {
        const json = activeLeagues.json()
        return typeof json === 'string' ? homeVersion(json) : undefined
      },
    }),
    // Every page asks who is signed in; a visitor's answer never changes.
    keptAnswers(app, { paths: ['/api/session'], version: () => 'signed out', serves: (req) => !carriesSession(req.headers, sessionCookie) }),
  )

  // Loads the plugins registered above, so their routes are known, then refuses to start when
  // any route has no declared access.
  await app.after()
  routes = declared.check()
  const functionAccess = Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, fn.access]))
  return { app, auth, routes, functions: functionAccess, kinds, jobHandlers }
}

/**
 * The kept home page's version: its leagues, and the facility's day, since its cards show an
 * early-bird price only through its last day (issue 30). The day is read at most once a minute,
 * and the version is the same string while neither changes, so replaying stays one comparison.
 */
function keptWithTheDay(timeZone: string): (json: string) => string {
  let day = ''
  let readAgainAt = 0
  let kept = { json: '', day: '', version: '' }
  return (json) => {
    // The real time, as the page's own render reads it (features/home/sport-card.tsx).
    const now = Date.now()
    if (now >= readAgainAt) {
      day = facilityToday(new Date(now), timeZone)
      readAgainAt = now + 60_000
    }
    if (kept.json !== json || kept.day !== day) kept = { json, day, version: `${day}:${json}` }
    return kept.version
  }
}

/** Readable logs: one short line per request instead of the framework's two JSON-shaped ones. */
/** A request slower than this is logged at info, even a read. */
const SLOW_REQUEST_MS = 1000
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** pino's levels, lowest first, to skip a line its logger would drop before building it. */
const LEVEL_VALUES = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const
const levelValue = (level: string): number => (Object.hasOwn(LEVEL_VALUES, level) ? LEVEL_VALUES[level as keyof typeof LEVEL_VALUES] : 0)

/**
 * One line per request, at the level an operator needs it (issue 22): errors at error; changes
 * (sign-ins, registrations, payments: every POST) and slow requests at info; reads, which are
 * most requests, at debug, so the default level does not spend half of a busy server's time
 * writing the log. Slow is info, not warn: in a rush every request queues, and a server run at
 * warn (the benches, the crash loop) must not write a line for each. `readable`: the line a
 * person reads at a terminal, instead of JSON.
 */
class RequestLog extends LogController {
  constructor(private readonly readable: boolean) {
    super()
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime
    const level = error || reply.statusCode >= 500 ? 'error' : ms >= SLOW_REQUEST_MS || !READS.has(req.method) ? 'info' : 'debug'
    if (LEVEL_VALUES[level] < levelValue(reply.log.level)) return
    if (this.readable) {
      const line = `${req.method} ${withoutTokens(req.url)} ${reply.statusCode} in ${ms.toFixed(1)} ms`
      reply.log[level](error ? { err: error } : {}, line)
    } else {
      reply.log[level]({ req, res: reply, responseTime: ms, ...(error ? { err: error } : {}) }, 'request completed')
    }
  }
}

/** The log as lines a person reads at a terminal: time, level, message. */
function readableLog() {
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  })
}

/** A request address with the values of its `token` query parameters replaced. */
export function withoutTokens(url: string): string {
  return url.replace(/([?&](?:token|invite)=)[^&#]*/gi, '$1[redacted]')
}
