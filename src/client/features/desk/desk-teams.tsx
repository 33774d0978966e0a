import { Link } from 'react-router'
import { formatDateTime } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { playersText, TEAM_STATUS_LABELS } from '../../../shared/schemas/team.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { NextGameOf } from '../../components/next-game.tsx'

/**
 * The customer's teams, each with its next game once its league's schedule is out: what a captain
 * or a player asks at the desk. Nothing when they are on none.
 */
export function DeskTeams({ customer }: { customer: CustomerRecord }) {
  if (customer.teams.length === 0) return null
  return (
    <section className="account-panel" aria-labelledby="desk-teams">
      <h3 id="desk-teams">Teams</h3>
      <ul className="account-list">
        {customer.teams.map((team) =>
          team.heldForYou ? (
            <li key={team.id}>
              <strong>{team.name}</strong>
              <span className="account-muted">
                {' '}
                — {team.leagueName}. The facility holds this team’s place for {customer.displayName} until {formatDateTime(team.heldForYou.until)}.
              </span>
            </li>
          ) : (
            <li key={team.id}>
              <Link to={href('leagueTeam', { leagueId: team.leagueId, teamId: team.id })}>{team.name}</Link>
              <span className="account-muted">
                {' '}
                — {team.leagueName}, {TEAM_STATUS_LABELS[team.status]}, {playersText(team)}, {team.isCaptain ? 'captain' : 'player'}
              </span>
              <NextGameOf team={team} published={team.schedulePublished} next={team.nextGame} />
            </li>
          ),
        )}
      </ul>
    </section>
  )
}
