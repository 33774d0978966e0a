import { z } from 'zod'
import { ROLES } from '../roles.ts'
import { contract } from './contract.ts'

/** Backups as the Dashboard shows them (server/features/backups/backup-schedule.ts). */
export const BackupStatus = z.object({
  schedule: z.enum(['scheduled', 'off', 'external']).describe('`external`: PostgreSQL, copied with pg_dump or by the database host'),
  everyHours: z.number(),
  dir: z.string(),
  last: z.object({ finishedAt: z.string(), sizeBytes: z.number(), file: z.string() }).optional().describe('the most recent backup that succeeded'),
  warning: z.string().optional().describe('set when the last backup failed or is older than twice the interval'),
})
export type BackupStatus = z.infer<typeof BackupStatus>

export const DashboardSummary = z.object({
  usersByRole: z.record(z.enum(ROLES), z.number().int()),
  activeLeagues: z.number().int(),
  backups: BackupStatus,
})
export type DashboardSummary = z.infer<typeof DashboardSummary>

export const readDashboard = contract({
  method: 'GET',
  url: '/api/dashboard',
  access: 'admin',
  summary: 'Users by role, open leagues and the state of backups',
  responses: { 200: DashboardSummary },
})
