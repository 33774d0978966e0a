import { useParams } from 'react-router'
import { UnsubscribeScreen } from '../features/messages/unsubscribe-screen.tsx'

/** /unsubscribe/:token: the link at the foot of a staff message (features/messages/unsubscribe-screen.tsx). */
export default function UnsubscribePage() {
  const { token = '' } = useParams()
  return <UnsubscribeScreen token={token} />
}
