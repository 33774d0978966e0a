import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { loadConfig, type Config } from './config.ts'
import { connect } from './db/connect.ts'
import { migrateToLatest } from './db/migrate.ts'
import { newDbStats } from './db/stats.ts'
import { describeOrigins } from './http/origins.ts'
import { countUsersByRole } from './features/users/users.queries.ts'
import { builtHtml } from './pages.ts'

/** Production entry point: read config, open the database, migrate, listen, shut down cleanly. */
const config = loadConfig()
const stats = config.dbStats ? newDbStats() : undefined
const db = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...(stats ? { stats } : {}) })
// npm run bench:rush reads the counts before and after its rush.
if (stats) process.on('SIGUSR2', () => console.log(JSON.stringify({ dbStats: stats })))
await migrateToLatest(db)

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
const { app } = await buildApp({ db, config, html: builtHtml(clientDir), clientDir })

// SIGTERM (a process manager, a container stop) and SIGINT (Ctrl-C): /readyz answers 503 at
// once, the server stops accepting connections, requests under way are answered, then it exits.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: finishing the requests under way, then stopping`)
    void app
      .close()
      .then(() => db.close())
      .then(() => {
        app.log.info('Stopped')
        process.exit(0)
      })
  })
}

try {
  await app.listen({ port: config.port, host: config.host })
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code
  if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error
  app.log.fatal(
    code === 'EADDRINUSE'
      ? `Port ${config.port} is already in use, perhaps by another copy of this site. Stop it, or choose another port: PORT=${config.port + 1} ${startCommand()}`
      : `Port ${config.port} needs administrator rights on this machine. Choose a port above 1023: PORT=3000 ${startCommand()}`,
  )
  await db.close()
  process.exit(1)
}

const admins = (await countUsersByRole(db)).admin
for (const line of banner(config, admins)) app.log.info(line)
if (config.accountConfirmation === 'none') {
  app.log.warn(
    'ACCOUNT_CONFIRMATION=none: Create Account signs people in without confirming their email, so it tells whether an address already has an account. Set SMTP_URL (or ACCOUNT_CONFIRMATION=email) to confirm accounts by email.',
  )
}
if (!config.smtpUrl) {
  app.log.warn(
    'No SMTP_URL: emails are not sent; they are kept on the Emails page (/outbox) and written to this log, except the text of password reset and confirmation emails, which is shown to no one: Forgot Password tells people to ask at the front desk, where staff make a one-time password link.',
  )
}

/** How this server was started, to say how to start it again: `npm run demo`, or else `npm start`. */
function startCommand(): string {
  return process.env.npm_lifecycle_event === 'demo' ? 'npm run demo' : 'npm start'
}

/** What a person starting the site needs to know: where to open it, and what to do first. */
function banner(c: Config, adminCount: number): string[] {
  const lines = [`Open ${addressesToOpen(c).join(' or ')}`]
  lines.push(`Requests are accepted from ${describeOrigins(c.origins)}; links in emails point to ${c.publicUrl}`)
  lines.push(`Database: ${c.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(c.dataDir, 'facility.sqlite')}`)
  lines.push(
    c.databaseUrl
      ? 'Backups: npm run backup (pg_dump), or your database host’s own'
      : c.backups.everyHours > 0
        ? `Backups: every ${c.backups.everyHours} h to ${c.backups.dir}, keeping ${c.backups.keep}`
        : 'Backups: not scheduled (BACKUP_EVERY_HOURS=0); make them with npm run backup',
  )
  lines.push(`Accounts: ${c.accountConfirmation === 'email' ? 'confirmed by an emailed link' : 'signed in at once, no email confirmation'}`)
  if (adminCount === 0) {
    lines.push('No admin yet. Create the first one: npm run user:create -- --email you@example.com --password <password> --role admin')
  }
  return lines
}

/** The addresses that reach this server: PUBLIC_URL, or every interface it listens on. */
function addressesToOpen(c: Config): string[] {
  if (!c.origins.sameHost) return [c.publicUrl]
  const onEvery = c.host === '0.0.0.0' || c.host === '::'
  if (!onEvery) return [`http://${c.host.includes(':') ? `[${c.host}]` : c.host}:${c.port}`]
  const network = Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
    .map((i) => `http://${i!.address}:${c.port}`)
  return [`http://localhost:${c.port}`, ...network]
}
