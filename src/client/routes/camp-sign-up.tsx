import { useParams } from 'react-router'
import { CampSignUpScreen } from '../features/camps/camp-sign-up-screen.tsx'

export default function CampSignUpPage() {
  const { id = '' } = useParams()
  return <CampSignUpScreen key={id} campId={id} />
}
