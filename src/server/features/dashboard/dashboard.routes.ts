import type { FastifyInstance } from 'fastify'
import type { BackupConfig } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import { backupStatus } from '../backups/backup-schedule.ts'
import { countActiveLeagues } from '../leagues/leagues.queries.ts'
import { countUsersByRole } from '../users/users.queries.ts'
import { readDashboard, retryJob as retryJobContract } from '../../../shared/contracts/dashboard.ts'
import { jobsNeedingAttention, retryJob } from '../../core/jobs.ts'
import { serve } from '../../http/contract.ts'
import { notFound } from '../../http/errors.ts'

interface Deps {
  db: Db
  backups: BackupConfig
  now: () => Date
}

export function registerDashboardRoutes(app: FastifyInstance, { db, backups, now }: Deps): void {
  serve(app, readDashboard, async () => {
    const [usersByRole, activeLeagues, backupState, jobs] = await Promise.all([
      countUsersByRole(db),
      countActiveLeagues(db),
      backupStatus(db, backups, now()),
      jobsNeedingAttention(db),
    ])
    return { usersByRole, activeLeagues, backups: backupState, jobs }
  })

  serve(app, retryJobContract, async (req) => {
    if (!(await retryJob(db, req.params.jobId, now()))) throw notFound('There is no such job waiting to be retried.')
    return { retried: true as const }
  })
}
