import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { href } from '../../shared/paths.ts'
import { dayText, hoursText } from '../lib/game-text.ts'
import { teamGamesQuery } from '../queries/open-schedule.ts'

/**
 * A team's next game in its league's published schedule (issue 33): its day, hours, playing area
 * and opponent; nothing while there is none (before the schedule is published, after the last
 * game, while it loads). With `links`, once the schedule is published, the way to the team's games
 * and the league's schedule and standings.
 */
export function NextGame({ leagueId, teamId, teamName, links = true }: { leagueId: string; teamId: string; teamName: string; links?: boolean }) {
  const { data } = useQuery(teamGamesQuery(leagueId, teamId))
  if (!data?.published) return null
  const { next } = data
  return (
    <>
      {next && (
        <p className="next-game">
          <strong>Next game:</strong> {dayText(next.date)}, {hoursText(next)}, {next.area.name}, against {next.opponent.name}.
        </p>
      )}
      {links && (
        <p>
          <Link to={href('teamSchedule', { leagueId, teamId })}>
            Games and results<span className="visually-hidden"> of {teamName}</span>
          </Link>{' '}
          · <Link to={href('schedule', { leagueId })}>League schedule and standings<span className="visually-hidden"> of {data.league.name}</span></Link>
        </p>
      )}
    </>
  )
}
