import { AcademiesScreen } from '../features/academies/academies-screen.tsx'
import { CampsSection } from '../features/camps/camps-section.tsx'
import { DropInsSection } from '../features/drop-ins/drop-ins-section.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { academiesQuery } from '../queries/academies.ts'
import { campsQuery } from '../queries/camps.ts'
import { dropInsQuery } from '../queries/drop-ins.ts'

export function opensWith(_visit: PageVisit) {
  return { academies: academiesQuery(), camps: campsQuery(), dropIns: dropInsQuery() }
}

/** /academy: the academies, the camps and drop-in sessions beside them, where a family looks for something for their child. */
export default function AcademiesPage() {
  const opening = usePageQueries(opensWith)
  return (
    <>
      <AcademiesScreen academies={opening.academies} />
      <CampsSection camps={opening.camps} />
      <DropInsSection dropIns={opening.dropIns} />
    </>
  )
}
