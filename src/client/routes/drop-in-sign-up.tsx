import { useParams } from 'react-router'
import { DropInSignUpScreen } from '../features/drop-ins/drop-in-sign-up-screen.tsx'
import { signUpQueries } from '../features/offerings/program-sign-up-form.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { dropInsQuery } from '../queries/drop-ins.ts'

export function opensWith(visit: PageVisit) {
  return { dropIns: dropInsQuery(), ...signUpQueries(visit) }
}

export default function DropInSignUpPage() {
  const { id = '' } = useParams()
  const opening = usePageQueries(opensWith)
  return <DropInSignUpScreen key={id} dropInId={id} dropIns={opening.dropIns} />
}
