import { createAuth, type Auth } from './auth/auth.ts'
import { resolveAuthSecret } from './auth/secret.ts'
import { loadConfig, type Config } from './config.ts'
import { connect, type Db } from './db/connect.ts'
import { migrateToLatest } from './db/migrate.ts'

/** What a command-line script needs: the same database and accounts the server uses. */
export async function openForScript(): Promise<{ config: Config; db: Db; auth: Auth }> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' })
  const db = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  await migrateToLatest(db)
  const auth = createAuth({ db, config, secret: await resolveAuthSecret(db, config.authSecret) })
  return { config, db, auth }
}
