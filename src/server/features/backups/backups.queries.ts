import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { BackupsTable } from '../../db/schema.ts'
import { timestampParam, toCount, toIso } from '../../db/values.ts'

/** A backup still "running" after this long was cut off (the process ended mid-copy). */
const STALE_AFTER_MS = 6 * 3_600_000

export interface BackupRecord {
  trigger: BackupsTable['trigger']
  status: BackupsTable['status']
  file: string
  sizeBytes: number | null
  error: string | null
  startedAt: string
  finishedAt: string | null
}

/**
 * Claims the one running-backup slot of the whole site (a partial unique index on status =
 * 'running'), so two backups never write at once, even from two instances or the command line.
 * Returns the record's id, or undefined when another backup is running.
 */
export async function startBackupRecord(db: Db, input: { trigger: BackupsTable['trigger']; file: string; now: Date }): Promise<string | undefined> {
  const stale = new Date(input.now.getTime() - STALE_AFTER_MS)
  await db.kysely
    .updateTable('backups')
    .set({ status: 'failed', error: 'interrupted: the process ended before the copy was finished', finishedAt: timestampParam(db.dialect, input.now) })
    .where('status', '=', 'running')
    .where('startedAt', '<', timestampParam(db.dialect, stale))
    .execute()
  const id = randomUUID()
  try {
    await db.kysely
      .insertInto('backups')
      .values({ id, trigger: input.trigger, status: 'running', file: input.file, startedAt: timestampParam(db.dialect, input.now) })
      .execute()
    return id
  } catch (error) {
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}

export async function finishBackupRecord(db: Db, id: string, outcome: { sizeBytes: number } | { error: string }, now: Date): Promise<void> {
  await db.kysely
    .updateTable('backups')
    .set({
      status: 'sizeBytes' in outcome ? 'done' : 'failed',
      sizeBytes: 'sizeBytes' in outcome ? outcome.sizeBytes : null,
      error: 'error' in outcome ? outcome.error : null,
      finishedAt: timestampParam(db.dialect, now),
    })
    .where('id', '=', id)
    .execute()
}

/** The most recent backup attempt, and the most recent one that succeeded. */
export async function latestBackups(db: Db): Promise<{ attempt?: BackupRecord; done?: BackupRecord }> {
  const columns = ['trigger', 'status', 'file', 'sizeBytes', 'error', 'startedAt', 'finishedAt'] as const
  const [attempt, done] = await Promise.all([
    db.kysely.selectFrom('backups').select(columns).orderBy('startedAt', 'desc').limit(1).executeTakeFirst(),
    db.kysely.selectFrom('backups').select(columns).where('status', '=', 'done').orderBy('startedAt', 'desc').limit(1).executeTakeFirst(),
  ])
  const view = (row: typeof attempt): BackupRecord | undefined =>
    row && {
      ...row,
      sizeBytes: row.sizeBytes === null ? null : toCount(row.sizeBytes),
      startedAt: toIso(row.startedAt),
      finishedAt: row.finishedAt === null ? null : toIso(row.finishedAt),
    }
  return { attempt: view(attempt), done: view(done) }
}
