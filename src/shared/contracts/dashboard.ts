import { z } from 'zod'
import { ROLES } from '../roles.ts'
import { contract, pathId } from './contract.ts'

/** Backups as the Dashboard shows them (server/features/backups/backup-schedule.ts). */
export const BackupStatus = z.object({
  schedule: z.enum(['scheduled', 'off', 'external']).describe('`external`: PostgreSQL, copied with pg_dump or by the database host'),
  everyHours: z.number(),
  dir: z.string(),
  last: z.object({ finishedAt: z.string(), sizeBytes: z.number(), file: z.string() }).optional().describe('the most recent backup that succeeded'),
  warning: z.string().optional().describe('set when the last backup failed or is older than twice the interval'),
})
export type BackupStatus = z.infer<typeof BackupStatus>

/** Work done after a commit that failed (server/core/jobs.ts): retried by itself, or dead until an admin retries it. */
export const BackgroundJob = z.object({
  id: z.string(),
  kind: z.string().describe('what the work is, e.g. a refund sent to the payment provider'),
  status: z.enum(['retrying', 'dead']).describe('`retrying`: tried again at nextRunAt; `dead`: given up after the last attempt'),
  attempts: z.number().int(),
  lastError: z.string(),
  nextRunAt: z.string().nullable(),
  failedAt: z.string().describe('ISO 8601 time of the last failure'),
})
export type BackgroundJob = z.infer<typeof BackgroundJob>

export const DashboardSummary = z.object({
  usersByRole: z.record(z.enum(ROLES), z.number().int()),
  activeLeagues: z.number().int(),
  backups: BackupStatus,
  jobs: z.object({ waiting: z.number().int().describe('jobs due or in progress'), failing: z.array(BackgroundJob) }),
})
export type DashboardSummary = z.infer<typeof DashboardSummary>

export const readDashboard = contract({
  method: 'GET',
  url: '/api/dashboard',
  access: 'admin',
  summary: 'Users by role, open leagues, the state of backups and background work that failed',
  responses: { 200: DashboardSummary },
})

export const retryJob = contract({
  method: 'POST',
  url: '/api/admin/jobs/:jobId/retry',
  access: 'admin',
  summary: 'Send a dead background job round again, its attempts counted afresh',
  params: z.object({ jobId: pathId }),
  responses: { 200: z.object({ retried: z.literal(true) }) },
})
