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
import { recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'

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

  serve(app, retryJobContract, async (req, _reply, { user }) => {
    const at = now()
    const retried = await inTransaction(db, async (tx) => {
      const job = await tx.kysely.selectFrom('jobs').select(['kind', 'attempts', 'lastError']).where('id', '=', req.params.jobId).executeTakeFirst()
      if (!job || !(await retryJob(tx, req.params.jobId, at))) return false
      const entity = { kind: 'job' as const, id: req.params.jobId, label: `Background job: ${job.kind}` }
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'job-retried', entity, before: { status: 'dead', attempts: job.attempts, lastError: job.lastError }, after: { status: 'pending', attempts: 0 }, now: at })
      return true
    })
    if (!retried) throw notFound('There is no such job waiting to be retried.')
    return { retried: true as const }
  })
}
