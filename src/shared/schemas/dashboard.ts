import type { Role } from '../roles.ts'

export interface DashboardSummary {
  usersByRole: Record<Role, number>
  activeLeagues: number
  backups: BackupStatus
}

/** Backups as the Dashboard shows them (server/features/backups/backup-schedule.ts). */
export interface BackupStatus {
  /** `scheduled` by the server, `off`, or `external`: PostgreSQL, copied with pg_dump or by the database's host. */
  schedule: 'scheduled' | 'off' | 'external'
  everyHours: number
  dir: string
  /** The most recent backup that succeeded. */
  last?: { finishedAt: string; sizeBytes: number; file: string }
  /** Set when the last backup failed or is older than twice the interval. */
  warning?: string
}
