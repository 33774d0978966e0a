import type { FastifyInstance } from 'fastify'
import type { Guards } from '../../auth/guards.ts'
import type { Db } from '../../db/connect.ts'
import { countActiveLeagues } from '../leagues/leagues.queries.ts'
import { countUsersByRole } from '../users/users.queries.ts'
import type { DashboardSummary } from '../../../shared/schemas/dashboard.ts'
import { access } from '../../http/access.ts'

export function registerDashboardRoutes(app: FastifyInstance, { db, guards }: { db: Db; guards: Guards }): void {
  app.get('/api/dashboard', access('admin'), async (req): Promise<DashboardSummary> => {
    await guards.requireAccess(req, 'admin')
    const [usersByRole, activeLeagues] = await Promise.all([countUsersByRole(db), countActiveLeagues(db)])
    return { usersByRole, activeLeagues }
  })
}
