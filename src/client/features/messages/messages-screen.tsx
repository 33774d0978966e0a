import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { SentMessage } from '../../../shared/contracts/messages.ts'
import { MESSAGE_WHOM_LABELS } from '../../../shared/messages.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useSession } from '../../lib/session.tsx'
import type { messageAudiencesQuery, messagesQuery } from '../../queries/messages.ts'
import { MessageForm } from './message-form.tsx'

const COLUMNS: StaffColumn<SentMessage>[] = [
  { header: 'Subject', cell: (m) => m.subject, rowHeader: true, priority: 'always' },
  { header: 'To', cell: (m) => `${m.audienceLabel}: ${MESSAGE_WHOM_LABELS[m.whom].toLowerCase()}`, priority: 'always' },
  { header: 'Sent', cell: (m) => formatDateTime(m.createdAt), priority: 'wide' },
  { header: 'By', cell: (m) => m.authorName, priority: 'wide' },
  { header: 'Addresses', cell: (m) => (m.skipped > 0 ? `${m.recipients} (${m.skipped} unsubscribed left out)` : String(m.recipients)) },
  { header: 'Waiting', cell: (m) => m.queued },
  { header: 'Gone', cell: (m) => m.sent },
  { header: 'Failed', cell: (m) => m.failed },
]

/** /messages: write to the people of a league, a team, an academy, a camp or a waitlist, and the messages sent (docs/decisions/0031). */
export function MessagesScreen({ audiences, messages }: { audiences: ReturnType<typeof messageAudiencesQuery>; messages: ReturnType<typeof messagesQuery> }) {
  const { user } = useSession()
  const chosen = useQuery(audiences)
  const sent = useQuery({ ...messages, refetchInterval: (q) => (q.state.data?.messages.some((m) => m.queued > 0) ? 5_000 : false) })
  const error = chosen.error ?? sent.error
  return (
    <section className="page">
      <h1>Messages</h1>
      <p>
        Write to the people of a league, a team, an academy or a camp, or to its waitlist: a closure, a changed time. Each address receives a message once, with a
        line at its foot to stop receiving them; addresses that used it are left out.
        {sent.data && ` Each of you may send ${sent.data.perDay} a day; you have sent ${sent.data.sentToday} today.`}
        {user?.isAdmin && (
          <>
            {' '}
            Every email is also on the <Link to={href('outbox')}>Emails page</Link>.
          </>
        )}
      </p>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {chosen.data ? <MessageForm audiences={chosen.data} /> : !error && <p className="loading">Loading…</p>}
      <h2>Sent messages</h2>
      {sent.data &&
        (sent.data.messages.length === 0 ? (
          <p>No messages sent yet.</p>
        ) : (
          <StaffTable label="Sent messages" columns={COLUMNS} rows={sent.data.messages} rowKey={(m) => m.id} moreLabel={(m) => `More about ${m.subject}`} />
        ))}
    </section>
  )
}
