import { useParams } from 'react-router'
import { AcademySignUpScreen } from '../features/academies/academy-sign-up-screen.tsx'
import { signUpQueries } from '../features/offerings/program-sign-up-form.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { academiesQuery } from '../queries/academies.ts'

export function opensWith(visit: PageVisit) {
  return { academies: academiesQuery(), ...signUpQueries(visit) }
}

export default function AcademySignUpPage() {
  const { id = '' } = useParams()
  const opening = usePageQueries(opensWith)
  return <AcademySignUpScreen key={id} academyId={id} academies={opening.academies} />
}
