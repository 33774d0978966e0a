import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { NextGame } from '../../components/next-game.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { formatTime } from '../../../shared/academy-schedule.ts'
import { dayText, teamResultText } from '../../lib/game-text.ts'
import type { teamGamesQuery } from '../../queries/open-schedule.ts'

/** /schedule/:leagueId/team/:teamId (issue 33): a team's own games with its results and its next game, open to everyone. */
export function TeamScheduleScreen({ games: query }: { games: ReturnType<typeof teamGamesQuery> }) {
  const { data, error, isPending } = useQuery(query)
  return (
    <section className="page open-schedule">
      <h1>{data ? `${data.team.name}: Schedule` : 'Team Schedule'}</h1>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {isPending && <p className="loading">Loading the team’s games…</p>}
      {data && (
        <>
          <p>
            {data.league.name}.{' '}
            {data.published && <Link to={href('schedule', { leagueId: data.league.id })}>The league’s schedule and standings</Link>}
          </p>
          {!data.published && <p>The league’s schedule is not published yet.</p>}
          <NextGame leagueId={data.league.id} teamId={data.team.id} teamName={data.team.name} links={false} />
          {data.published && data.games.length === 0 && (
            <p>{data.team.name} has no games in the league’s schedule yet. Ask the front desk when its games will be added.</p>
          )}
          {data.published && data.games.length > 0 && (
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="team-games-caption">
              <table className="games-table">
                <caption id="team-games-caption">Every game of {data.team.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Where</th>
                    <th scope="col">Opponent</th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {data.games.map((game) => {
                    const result = teamResultText(game.result)
                    return (
                      <tr key={game.id}>
                        <td className="game-when">
                          {dayText(game.date)}, <span className="game-time">{formatTime(game.startTime)}</span>
                        </td>
                        <td>{game.area.name}</td>
                        <td>
                          {game.home ? 'vs' : 'at'} {game.opponent.name}
                        </td>
                        <td>{result ? <abbr title={result.words}>{result.short}</abbr> : <span className="account-muted">Not played yet</span>}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}
