import { queryOptions } from '@tanstack/react-query'
import type { AuditAction, AuditEntity } from '../../../../shared/audit.ts'
import type { readAudit } from '../../../../shared/contracts/audit.ts'
import { readOf } from '../../../queries/read-of.ts'

/** What Recent activity is filtered by: each left empty shows everything. */
export interface ActivityFilter {
  staffId: string
  action: AuditAction | ''
  /** YYYY-MM-DD, the first and last days shown. */
  from: string
  to: string
}

export const NO_FILTER: ActivityFilter = { staffId: '', action: '', from: '', to: '' }

/** One page of the audit history (docs/decisions/0027), newest first, as filtered; with `entity`, of that record only. */
export const recentActivityQuery = (filter: ActivityFilter, page: number, entity?: { kind: AuditEntity; id: string }) => {
  const query = Object.fromEntries(
    Object.entries({ ...filter, page: String(page), ...(entity ? { entityKind: entity.kind, entityId: entity.id } : {}) }).filter(([, v]) => v !== ''),
  )
  return queryOptions({
    queryKey: ['admin', 'audit', filter, page, entity ?? null],
    ...readOf<typeof readAudit>('/api/audit', { query }),
  })
}
