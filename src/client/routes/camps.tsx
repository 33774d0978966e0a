import { CampsScreen } from '../features/camps/camps-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { campsQuery } from '../queries/camps.ts'

export function opensWith(_visit: PageVisit) {
  return { camps: campsQuery() }
}

export default function CampsPage() {
  return <CampsScreen camps={usePageQueries(opensWith).camps} />
}
