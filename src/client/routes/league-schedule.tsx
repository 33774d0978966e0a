import { Link, useParams } from 'react-router'
import { href } from '../../shared/paths.ts'
import { ScheduleScreen } from '../features/schedule/schedule-screen.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { playingAreasQuery } from '../queries/playing-areas.ts'
import { gameNightsQuery, scheduleQuery } from '../queries/schedule.ts'

export function opensWith({ params: { leagueId = '' } }: PageVisit) {
  return { nights: gameNightsQuery(leagueId), schedule: scheduleQuery(leagueId), areas: playingAreasQuery() }
}

/** /leagueSchedule/:leagueId: a team league's game nights and schedule, drafted, adjusted and published (issue 33). */
export default function LeagueSchedulePage() {
  const { leagueId = '' } = useParams()
  const opening = usePageQueries(opensWith)
  return (
    <section className="page">
      <h1>League Schedule</h1>
      <p>
        Once the schedule is published, its results are entered at <Link to={href('scores', { leagueId })}>the scorer’s table</Link>.
      </p>
      <ScheduleScreen leagueId={leagueId} nightsQuery={opening.nights} gamesQuery={opening.schedule} areasQuery={opening.areas} />
    </section>
  )
}
