import { AcademiesScreen } from '../features/academies/academies-screen.tsx'
import { CampsSection } from '../features/camps/camps-section.tsx'
import { DropInsSection } from '../features/drop-ins/drop-ins-section.tsx'

/** /academy: the academies, the camps and drop-in sessions beside them, where a family looks for something for their child. */
export default function AcademiesPage() {
  return (
    <>
      <AcademiesScreen />
      <CampsSection />
      <DropInsSection />
    </>
  )
}
