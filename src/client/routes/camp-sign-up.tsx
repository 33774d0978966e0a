import { useParams } from 'react-router'
import { CampSignUpScreen } from '../features/camps/camp-sign-up-screen.tsx'
import { signUpQueries } from '../features/offerings/program-sign-up-form.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { campsQuery } from '../queries/camps.ts'

export function opensWith(visit: PageVisit) {
  return { camps: campsQuery(), ...signUpQueries(visit) }
}

export default function CampSignUpPage() {
  const { id = '' } = useParams()
  const opening = usePageQueries(opensWith)
  return <CampSignUpScreen key={id} campId={id} camps={opening.camps} />
}
