import { OutboxScreen } from '../features/mail/outbox-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { outboxQuery } from '../queries/outbox.ts'

/** The list opens on its first page, unsearched (features/mail/outbox-screen.tsx). */
export function opensWith(_visit: PageVisit) {
  return { emails: outboxQuery(1) }
}

/** /outbox: the emails the site sent or kept (features/mail/outbox-screen.tsx). */
export default function OutboxPage() {
  return <OutboxScreen firstPage={usePageQueries(opensWith).emails} />
}
