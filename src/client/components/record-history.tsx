import { useQuery } from '@tanstack/react-query'
import { AUDIT_ACTION_LABELS, type AuditEntity } from '../../shared/audit.ts'
import { formatDateTime } from '../../shared/format.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import { NO_FILTER, recentActivityQuery } from '../queries/dashboard.ts'
import { AuditChanges } from './audit-changes.tsx'

/**
 * What staff changed on one record, from the audit history (docs/decisions/0027): each action with
 * who, when, what changed and from where, newest first. For admins, who alone read the history.
 */
export function RecordHistory({ kind, id }: { kind: AuditEntity; id: string }) {
  const hydrated = useHydrated()
  const { data, isError } = useQuery({ ...recentActivityQuery(NO_FILTER, 1, { kind, id }), enabled: hydrated })
  if (isError) return <p>The changes staff made could not be loaded.</p>
  if (!data) return <p className="loading">Loading the changes staff made…</p>
  if (data.entries.length === 0) return <p>No change by staff has been recorded.</p>
  return (
    <ol className="staff-history" aria-label="Changes by staff">
      {data.entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {AUDIT_ACTION_LABELS[entry.action]}{' '}
          <span className="staff-muted">
            by {entry.staffName} from {entry.address}
          </span>
          <AuditChanges entry={entry} />
        </li>
      ))}
    </ol>
  )
}
