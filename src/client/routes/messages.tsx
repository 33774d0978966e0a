import { MessagesScreen } from '../features/messages/messages-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { messageAudiencesQuery, messagesQuery } from '../queries/messages.ts'

/** The form's choices and the messages sent (features/messages/messages-screen.tsx). */
export function opensWith(_visit: PageVisit) {
  return { audiences: messageAudiencesQuery(), messages: messagesQuery() }
}

/** /messages: staff write to the people of a league, a team, an academy, a camp or a waitlist. */
export default function MessagesPage() {
  const { audiences, messages } = usePageQueries(opensWith)
  return <MessagesScreen audiences={audiences} messages={messages} />
}
