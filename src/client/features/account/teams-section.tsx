import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { playersText, TEAM_STATUS_LABELS } from '../../../shared/schemas/team.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { AddToCalendar } from '../offerings/add-to-calendar.tsx'
import { NextGameOf } from '../../components/next-game.tsx'
import { errorMessage } from '../../lib/api.ts'
import type { myTeamsQuery } from '../../queries/teams.ts'
import { formatDateTime } from '../../../shared/format.ts'

/** The teams a person captains or plays on, each linking to its page, and those staff hold for them to complete. */
export function TeamsSection({ teams: query }: { teams: ReturnType<typeof myTeamsQuery> }) {
  const { data, error } = useQuery(query)
  const teams = data?.teams
  return (
    <section className="account-panel" aria-labelledby="teams-heading">
      <h2 id="teams-heading">Your teams</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!teams && !error && <p className="loading">Loading your teams…</p>}
      {teams && teams.length === 0 && (
        <p>
          You are not on a team. <Link to={href('createTeam')}>Create a team</Link>, or ask a captain for their invite link.
        </p>
      )}
      {teams && teams.length > 0 && (
        <ul className="account-list">
          {teams.map((team) =>
            team.heldForYou ? (
              <li key={team.id}>
                <strong>{team.name}</strong>
                <span className="account-muted">
                  {' '}
                  — {team.leagueName}. The facility holds this team’s place for you until {formatDateTime(team.heldForYou.until)}.
                </span>
                <br />
                <Link className="button" to={team.heldForYou.claimPath}>
                  Complete the team<span className="visually-hidden"> {team.name}</span>
                </Link>
              </li>
            ) : (
              <li key={team.id}>
                <Link to={href('leagueTeam', { leagueId: team.leagueId, teamId: team.id })}>{team.name}</Link>
                <span className="account-muted">
                  {' '}
                  — {team.leagueName}, {TEAM_STATUS_LABELS[team.status]},{' '}
                  {playersText(team)}
                  {team.isCaptain ? ', you are the captain' : ''}
                </span>
                <NextGameOf team={team} published={team.schedulePublished} next={team.nextGame} />
                <AddToCalendar owner={{ kind: 'team', leagueId: team.leagueId, teamId: team.id }} name={team.name} what="The team’s games, once the league’s schedule is out," canRenew={false} />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  )
}
