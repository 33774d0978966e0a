import { useParams } from 'react-router'
import { DropInSignUpScreen } from '../features/drop-ins/drop-in-sign-up-screen.tsx'

export default function DropInSignUpPage() {
  const { id = '' } = useParams()
  return <DropInSignUpScreen key={id} dropInId={id} />
}
