import { queryOptions } from '@tanstack/react-query'
import type { AuditAction, AuditEntity } from '../../shared/audit.ts'
import type { readAudit } from '../../shared/contracts/audit.ts'
import type { readDashboard } from '../../shared/contracts/dashboard.ts'
import type { readAttentionSection, readMoneySection, readRegistrationSection, readTodaySection } from '../../shared/contracts/dashboard-sections.ts'
import { readOf } from './read-of.ts'

/** The Dashboard's figures and the state of backups. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    ...readOf<typeof readDashboard>('/api/dashboard'),
  })

/** The Dashboard's Registration section: a request of its own, so it never waits for another section. */
export const registrationSectionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-section', 'registration'],
    ...readOf<typeof readRegistrationSection>('/api/dashboard/registration'),
  })

/** The Dashboard's Money section: a request of its own, so it never waits for another section. */
export const moneySectionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-section', 'money'],
    ...readOf<typeof readMoneySection>('/api/dashboard/money'),
  })

/** The Dashboard's Needs attention section: a request of its own, so it never waits for another section. */
export const attentionSectionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-section', 'attention'],
    ...readOf<typeof readAttentionSection>('/api/dashboard/attention'),
  })

/** The Dashboard's Today section: a request of its own, so it never waits for another section. */
export const todaySectionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-section', 'today'],
    ...readOf<typeof readTodaySection>('/api/dashboard/today'),
  })

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
