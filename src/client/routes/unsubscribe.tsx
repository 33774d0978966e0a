import { useParams } from 'react-router'
import { UnsubscribeScreen } from '../features/messages/unsubscribe-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { unsubscribeQuery } from '../queries/unsubscribe.ts'

export function opensWith({ params: { token = '' } }: PageVisit) {
  return { link: unsubscribeQuery(token) }
}

/** /unsubscribe/:token: the link at the foot of a staff message (features/messages/unsubscribe-screen.tsx). */
export default function UnsubscribePage() {
  const { token = '' } = useParams()
  const opening = usePageQueries(opensWith)
  return <UnsubscribeScreen token={token} link={opening.link} />
}
