import { DropInsScreen } from '../features/drop-ins/drop-ins-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { dropInsQuery } from '../queries/drop-ins.ts'

export function opensWith(_visit: PageVisit) {
  return { dropIns: dropInsQuery() }
}

export default function DropInsPage() {
  return <DropInsScreen dropIns={usePageQueries(opensWith).dropIns} />
}
