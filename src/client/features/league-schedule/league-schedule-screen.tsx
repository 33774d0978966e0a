import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { formatTime } from '../../../shared/academy-schedule.ts'
import { byDate, dayText, leagueResultText } from '../../lib/game-text.ts'
import type { leagueGamesQuery, standingsQuery as standingsOf } from '../../queries/open-schedule.ts'
import { StandingsTable } from '../../components/standings-table.tsx'

/**
 * /schedule/:leagueId (issue 33): a team league's published schedule and standings, open to
 * everyone and rendered on the server, so it reads on a phone before any script arrives.
 */
export function LeagueScheduleScreen(queries: { games: ReturnType<typeof leagueGamesQuery>; standings: ReturnType<typeof standingsOf> }) {
  const games = useQuery(queries.games)
  const standings = useQuery(queries.standings)
  const league = games.data?.league
  return (
    <section className="page open-schedule">
      <h1>{league ? `${league.name}: Schedule and Standings` : 'Schedule and Standings'}</h1>
      {games.error && <Alert>{errorMessage(games.error)}</Alert>}
      {games.isPending && <p className="loading">Loading the schedule…</p>}
      {games.data && (
        <>
          <section aria-labelledby="standings-heading">
            <h2 id="standings-heading">Standings</h2>
            {standings.error && <Alert>{errorMessage(standings.error)}</Alert>}
            {standings.data && <StandingsTable standings={standings.data.standings} />}
          </section>
          <section aria-labelledby="games-heading">
            <h2 id="games-heading">Games</h2>
            {games.data.games.length === 0 && <p>The schedule has no games.</p>}
            {byDate(games.data.games).map((day) => (
              <div className="table-scroll schedule-day" key={day.date} tabIndex={0} role="region" aria-labelledby={`day-${day.date}`}>
                <table className="games-table">
                  <caption id={`day-${day.date}`}>{dayText(day.date)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Starts</th>
                      <th scope="col">Where</th>
                      <th scope="col">Game</th>
                      <th scope="col">Result</th>
                    </tr>
                  </thead>
                  <tbody>
                    {day.games.map((game) => (
                      <tr key={game.id}>
                        <td className="game-time">{formatTime(game.startTime)}</td>
                        <td>{game.area.name}</td>
                        <td>
                          <Link to={href('teamSchedule', { leagueId: games.data.league.id, teamId: game.home.id })}>{game.home.name}</Link> vs{' '}
                          <Link to={href('teamSchedule', { leagueId: games.data.league.id, teamId: game.away.id })}>{game.away.name}</Link>
                        </td>
                        <td>{leagueResultText(game) ?? <span className="account-muted">Not played yet</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </section>
        </>
      )}
    </section>
  )
}
