import type { FastifyInstance } from 'fastify'
import type { BackupConfig } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import { backupStatus } from '../backups/backup-schedule.ts'
import { countActiveLeagues } from '../leagues/leagues.queries.ts'
import { countUsersByRole } from '../users/users.queries.ts'
import { readDashboard } from '../../../shared/contracts/dashboard.ts'
import { serve } from '../../http/contract.ts'

interface Deps {
  db: Db
  backups: BackupConfig
  now: () => Date
}

export function registerDashboardRoutes(app: FastifyInstance, { db, backups, now }: Deps): void {
  serve(app, readDashboard, async () => {
    const [usersByRole, activeLeagues, backupState] = await Promise.all([
      countUsersByRole(db),
      countActiveLeagues(db),
      backupStatus(db, backups, now()),
    ])
    return { usersByRole, activeLeagues, backups: backupState }
  })
}
