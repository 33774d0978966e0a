import { ScoresScreen } from '../features/scores/scores-screen.tsx'
import { scoreSheetQuery } from '../queries/scores.ts'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'

export function opensWith({ params: { leagueId } }: PageVisit) {
  return { sheet: scoreSheetQuery(leagueId) }
}

/** /scores/:leagueId?: the scorer's table, for admins and employees (issue 33). */
export default function ScoresPage() {
  const opening = usePageQueries(opensWith)
  return (
    <section className="page scores-page">
      <h1>Scores</h1>
      <ScoresScreen sheetQuery={opening.sheet} />
    </section>
  )
}
