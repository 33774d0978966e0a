// npm run restore -- --from FILE: replaces the database with a backup, the server stopped.
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/server/config.ts'
import { BackupError } from '../src/server/features/backups/backups.ts'
import { restorePostgres, restoreSqlite } from '../src/server/features/backups/restore.ts'

const usage = 'Usage: npm run restore -- --from FILE   (stop the server first)'
let from: string | undefined
try {
  ;({
    values: { from },
  } = parseArgs({ options: { from: { type: 'string' } } }))
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
}
if (!from) {
  console.error(usage)
  process.exit(1)
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' })
try {
  const at = new Date()
  const result = config.databaseUrl
    ? await restorePostgres({ databaseUrl: config.databaseUrl, from, keepDir: config.backups.dir, at })
    : restoreSqlite({ dataDir: config.dataDir, from, at })
  console.log(`Restored ${from} (${result.migrations} migrations, checked).`)
  if (result.keptAside) console.log(`The database it replaced is kept in ${result.keptAside}`)
  console.log('Start the server again: npm start')
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(`Not restored: ${error.message}`)
  process.exitCode = 1
}
