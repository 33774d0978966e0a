import { AcademiesScreen } from '../features/academies/academies-screen.tsx'
import { CampsSection } from '../features/camps/camps-section.tsx'

/** /academy: the academies, and the camps beside them, where a family looks for something for their child. */
export default function AcademiesPage() {
  return (
    <>
      <AcademiesScreen />
      <CampsSection />
    </>
  )
}
