import { DrawerScreen } from '../features/desk/drawer-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { drawerQuery } from '../queries/desk.ts'

/** The drawer opens on the facility's today (features/desk/drawer-screen.tsx); another day is in the address. */
export function opensWith(_visit: PageVisit) {
  return { today: drawerQuery() }
}

/** /desk/drawer: the desk's end-of-day summary. */
export default function DeskDrawerPage() {
  return <DrawerScreen today={usePageQueries(opensWith).today} />
}
