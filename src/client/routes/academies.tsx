import { AcademiesScreen } from '../features/academies/academies-screen.tsx'

export default function AcademiesPage() {
  return <AcademiesScreen />
}
