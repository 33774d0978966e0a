import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '../../../shared/audit.ts'
import type { AuditEntry } from '../../../shared/contracts/audit.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { NO_FILTER, recentActivityQuery, type ActivityFilter } from '../../queries/dashboard.ts'
import { AuditChanges } from '../../components/audit-changes.tsx'

/**
 * Recent activity (issue 32, docs/decisions/0027): every staff action, newest first — who, when,
 * what, on what, what changed and from which address — filtered by staff member, kind and days.
 * Its first page, unfiltered, is one of the queries the dashboard opens with (routes/dashboard.tsx).
 */
export function RecentActivity() {
  const [filter, setFilter] = useState<ActivityFilter>(NO_FILTER)
  const [page, setPage] = useState(1)
  const { data, error } = useQuery({ ...recentActivityQuery(filter, page), placeholderData: keepPreviousData })
  const change = (next: Partial<ActivityFilter>) => {
    setFilter({ ...filter, ...next })
    setPage(1)
  }
  const filtered = filter.staffId !== '' || filter.action !== '' || filter.from !== '' || filter.to !== ''

  return (
    <section aria-labelledby="activity-heading" aria-busy={!data && !error}>
      <h2 id="activity-heading">Recent activity</h2>
      <p className="staff-muted">Every change staff make, as it was made. Nobody can change or remove an entry.</p>
      <div className="toolbar" role="group" aria-label="Filter recent activity">
        <FilterSelect id="activity-staff" label="Staff member" value={filter.staffId} onChange={(staffId) => change({ staffId })}>
          <option value="">Everyone</option>
          {data?.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect<AuditAction | ''> id="activity-kind" label="Kind" value={filter.action} onChange={(action) => change({ action })}>
          <option value="">Every kind</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </option>
          ))}
        </FilterSelect>
        <div className="field">
          <label htmlFor="activity-from">From</label>
          <input id="activity-from" type="date" value={filter.from} onChange={(e) => change({ from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="activity-to">To</label>
          <input id="activity-to" type="date" value={filter.to} onChange={(e) => change({ to: e.target.value })} />
        </div>
      </div>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!data && !error && <p className="loading">Loading recent activity…</p>}
      {data && (
        <>
          <p aria-live="polite">{data.entries.length === 0 ? (filtered ? 'No staff action matches these filters.' : 'No staff action has been recorded yet.') : `Page ${data.page}, newest first.`}</p>
          {data.entries.length > 0 && (
            <StaffTable label="Recent activity" columns={COLUMNS} rows={data.entries} rowKey={(e) => e.id} moreLabel={(e) => `More about ${AUDIT_ACTION_LABELS[e.action]}, ${formatDateTime(e.at)}`} />
          )}
          {(data.page > 1 || data.hasMore) && (
            <div className="pager">
              <button type="button" className="secondary" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
                Newer
              </button>
              <button type="button" className="secondary" disabled={!data.hasMore} onClick={() => setPage(data.page + 1)}>
                Older
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}

const COLUMNS: StaffColumn<AuditEntry>[] = [
  { header: 'When', rowHeader: true, cell: (e) => formatDateTime(e.at) },
  { header: 'Who', cell: (e) => e.staffName },
  { header: 'What', cell: (e) => AUDIT_ACTION_LABELS[e.action] },
  { header: 'On', cell: (e) => e.entityLabel },
  { header: 'Changes', cell: (e) => <AuditChanges entry={e} /> },
  { header: 'From', priority: 'wide', cell: (e) => e.address },
]
