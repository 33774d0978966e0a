import type { FastifyInstance } from 'fastify'
import { readAudit } from '../../../shared/contracts/audit.ts'
import { AUDIT_PAGE_SIZE } from '../../../shared/audit.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { listAuditedStaff, listStaffActions } from '../../core/audit.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'

/**
 * The audit history (issue 32, docs/decisions/0027): the dashboard's Recent activity, for admins
 * only — it names who did what from which address, the manager's view of the staff, not the desk's.
 */
export function registerAuditRoutes(app: FastifyInstance, { db, config }: Pick<RouteDeps, 'db' | 'config'>): void {
  const dayStarts = (day: string) => sessionStartsAt(day, '00:00', config.site.timeZone)
  serve(app, readAudit, async (req) => {
    const { staffId, action, from, to, entityKind, entityId, page = 1 } = req.query
    const [found, staff] = await Promise.all([
      listStaffActions(db, {
        staffId,
        action,
        entity: entityKind && entityId ? { kind: entityKind, id: entityId } : undefined,
        from: from ? dayStarts(from) : undefined,
        until: to ? dayStarts(nextDay(to)) : undefined,
        page,
        pageSize: AUDIT_PAGE_SIZE,
      }),
      listAuditedStaff(db),
    ])
    return { ...found, staff, page, pageSize: AUDIT_PAGE_SIZE }
  })
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}
