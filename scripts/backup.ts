// npm run backup [-- --to FILE]: a consistent copy of the database while the site keeps serving.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/server/config.ts'
import { connect } from '../src/server/db/connect.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { BackupError, backupFileName, makeBackup } from '../src/server/features/backups/backups.ts'

const usage = 'Usage: npm run backup [-- --to FILE]   (default: a new file in BACKUP_DIR)'
let to: string | undefined
try {
  ;({
    values: { to },
  } = parseArgs({ options: { to: { type: 'string' } } }))
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  console.error(usage)
  process.exit(1)
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' })
const db = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
try {
  await migrateToLatest(db)
  const dest = to ?? path.join(config.backups.dir, backupFileName(db.dialect, new Date()))
  console.log(db.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL): running pg_dump…' : `SQLite: copying ${db.file}…`)
  const result = await makeBackup(db, { dest, trigger: 'command', now: () => new Date(), databaseUrl: config.databaseUrl, writtenElsewhere: true })
  console.log(`Backup written: ${result.file} (${(result.sizeBytes / 1024).toFixed(1)} KB, ${result.method}, checked)`)
  console.log(`Restore it with the server stopped: npm run restore -- --from ${result.file}`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exitCode = 1
} finally {
  await db.close()
}
