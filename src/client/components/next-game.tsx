import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { href } from '../../shared/paths.ts'
import { dayText, hoursText } from '../lib/game-text.ts'
import { teamGamesQuery } from '../queries/open-schedule.ts'
import type { TeamGame } from '../../shared/contracts/open-schedule.ts'

/**
 * A team's next game in its league's published schedule (issue 33): its day, hours, playing area
 * and opponent; nothing while there is none (before the schedule is published, after the last
 * game, while it loads). With `links`, once the schedule is published, the way to the team's games
 * and the league's schedule and standings.
 */
export function NextGame({ leagueId, teamId, teamName, links = true }: { leagueId: string; teamId: string; teamName: string; links?: boolean }) {
  const { data } = useQuery(teamGamesQuery(leagueId, teamId))
  if (!data) return null
  return <NextGameOf team={{ id: teamId, name: teamName, leagueId, leagueName: data.league.name }} published={data.published} next={data.next} links={links} />
}

/** The same from a team's schedule already read (the account's teams carry theirs). */
export function NextGameOf({ team, published, next, links = true }: { team: { id: string; name: string; leagueId: string; leagueName: string }; published: boolean; next: TeamGame | null; links?: boolean }) {
  if (!published) return null
  return (
    <>
      {next && (
        <p className="next-game">
          <strong>Next game:</strong> {dayText(next.date)}, {hoursText(next)}, {next.area.name}, against {next.opponent.name}.
        </p>
      )}
      {links && (
        <p>
          <Link to={href('teamSchedule', { leagueId: team.leagueId, teamId: team.id })}>
            Games and results<span className="visually-hidden"> of {team.name}</span>
          </Link>{' '}
          · <Link to={href('schedule', { leagueId: team.leagueId })}>League schedule and standings<span className="visually-hidden"> of {team.leagueName}</span></Link>
        </p>
      )}
    </>
  )
}
