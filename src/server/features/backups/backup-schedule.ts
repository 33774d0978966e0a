import path from 'node:path'
import type { BackupConfig } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import type { BackupStatus } from '../../../shared/contracts/dashboard.ts'
import { backupFileName, makeBackup, pruneBackups } from './backups.ts'
import { latestBackups, type BackupRecord } from './backups.queries.ts'

const HOUR = 3_600_000
/** A failed scheduled backup is tried again after this long (or the interval, if shorter). */
const RETRY_AFTER_FAILURE_MS = HOUR

interface Log {
  info(obj: unknown, msg: string): void
  error(obj: unknown, msg: string): void
}

/**
 * Scheduled backups of the embedded database, made by the running server: one when the last is
 * `everyHours` old (at start when there is none), the oldest deleted beyond `keep`. PostgreSQL
 * is backed up with pg_dump (`npm run backup`) or by whoever runs the database.
 */
export function createBackupSchedule(opts: { db: Db; backups: BackupConfig; log: Log; now: () => Date; everyMs?: number }) {
  const { db, backups, log, now } = opts
  const enabled = db.dialect === 'sqlite' && backups.everyHours > 0
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()

  /** Makes a backup if one is due; resolves to its file, or undefined when none was due. */
  async function runIfDue(): Promise<string | undefined> {
    const { attempt } = await latestBackups(db)
    if (!isDue(attempt, backups.everyHours * HOUR, now())) return undefined
    const dest = path.join(backups.dir, backupFileName(db.dialect, now()))
    try {
      const result = await makeBackup(db, { dest, trigger: 'scheduled', now })
      const pruned = pruneBackups(backups.dir, backups.keep)
      log.info({ file: result.file, sizeBytes: result.sizeBytes, pruned: pruned.length }, `Backup written to ${result.file}`)
      return result.file
    } catch (error) {
      log.error({ err: error }, 'The scheduled backup failed')
      return undefined
    }
  }

  const tick = () => {
    running = running.then(runIfDue).catch((error: unknown) => log.error({ err: error }, 'Checking for a due backup failed'))
  }
  return {
    enabled,
    runIfDue,
    start() {
      if (!enabled) return
      tick()
      timer = setInterval(tick, opts.everyMs ?? 60_000)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

function isDue(attempt: BackupRecord | undefined, intervalMs: number, at: Date): boolean {
  if (!attempt) return true
  if (attempt.status === 'running') return false
  const since = at.getTime() - Date.parse(attempt.startedAt)
  return since >= (attempt.status === 'failed' ? Math.min(intervalMs, RETRY_AFTER_FAILURE_MS) : intervalMs)
}

/** What the Dashboard says about backups: the last one, and a warning when it needs attention. */
export async function backupStatus(db: Db, backups: BackupConfig, at: Date): Promise<BackupStatus> {
  const { attempt, done } = await latestBackups(db)
  const schedule = db.dialect === 'postgres' ? 'external' : backups.everyHours > 0 ? 'scheduled' : 'off'
  const last = done && { finishedAt: done.finishedAt ?? done.startedAt, sizeBytes: done.sizeBytes ?? 0, file: done.file }
  let warning: string | undefined
  if (attempt?.status === 'failed') {
    warning = `The last backup failed: ${attempt.error ?? 'no reason given'}`
  } else if (schedule === 'scheduled' && !done) {
    warning = 'No backup has been made yet.'
  } else if (schedule === 'scheduled' && last && at.getTime() - Date.parse(last.finishedAt) > 2 * backups.everyHours * HOUR) {
    warning = `The last backup is more than ${2 * backups.everyHours} hours old.`
  } else if (schedule === 'off') {
    warning = 'Scheduled backups are off (BACKUP_EVERY_HOURS=0): make them with npm run backup.'
  }
  return { schedule, everyHours: backups.everyHours, dir: backups.dir, ...(last ? { last } : {}), ...(warning ? { warning } : {}) }
}
