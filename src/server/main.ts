import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { connect } from './db/connect.ts'
import { migrateToLatest } from './db/migrate.ts'
import { builtHtml } from './pages.ts'

/** Production entry point: read config, open the database, migrate, listen, shut down cleanly. */
const config = loadConfig()
const db = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
await migrateToLatest(db)

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
const { app } = await buildApp({ db, config, html: builtHtml(clientDir), clientDir })
await app.listen({ port: config.port, host: config.host })

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'facility.sqlite')
app.log.info(`Database: ${where}`)
app.log.info(`Site: ${config.publicUrl}`)
app.log.info('First admin: npm run user:create -- --email you@example.com --password <password> --role admin')
if (!config.smtpUrl) {
  app.log.warn(
    'No SMTP_URL: emails (account confirmation and password reset links included) are only written to this log and shown on the Dashboard. Set SMTP_URL before customers create accounts.',
  )
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: finishing open requests`)
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
  })
}
