import { OutboxScreen } from '../features/mail/outbox-screen.tsx'

/** /outbox: the emails the site sent or kept (features/mail/outbox-screen.tsx). */
export default function OutboxPage() {
  return <OutboxScreen />
}
