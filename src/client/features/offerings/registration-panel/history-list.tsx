import type { HistoryEntry } from '../../../../shared/contracts/registrations.ts'
import { formatDateTime } from '../../../../shared/format.ts'
import { describeEntry } from './history.ts'

/** What happened to the place: each step with when, and who took it or that it happened by itself. */
export function RegistrationHistory({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <ol className="staff-history" aria-label="History">
      {history.map((entry, i) => (
        <li key={i}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {describeEntry(entry)}{' '}
          <span className="staff-muted">{entry.actorName ? `by ${entry.actorName}` : 'automatically'}</span>
        </li>
      ))}
    </ol>
  )
}
