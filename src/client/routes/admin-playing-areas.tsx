import { PlayingAreasScreen } from '../features/playing-areas/playing-areas-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { facilityWeekQuery, playingAreasQuery, thisWeeksMonday } from '../queries/playing-areas.ts'

export function opensWith(_visit: PageVisit) {
  return { areas: playingAreasQuery(), week: facilityWeekQuery(thisWeeksMonday()) }
}

/** /admin/playingAreas: the facility's courts and fields, which leagues' games are scheduled on (issue 33). */
export default function AdminPlayingAreasPage() {
  const opening = usePageQueries(opensWith)
  return (
    <section className="page">
      <h1>Playing Areas</h1>
      <PlayingAreasScreen areasQuery={opening.areas} />
    </section>
  )
}
