import { useParams } from 'react-router'
import { AcademySignUpScreen } from '../features/academies/academy-sign-up-screen.tsx'

export default function AcademySignUpPage() {
  const { id = '' } = useParams()
  return <AcademySignUpScreen key={id} academyId={id} />
}
