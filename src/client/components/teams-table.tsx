import { Link } from 'react-router'
import { formatMoney } from '../../shared/money.ts'
import { href } from '../../shared/paths.ts'
import { TEAM_STATUS_LABELS, type TeamStatus } from '../../shared/schemas/team.ts'
import type { TeamSummary } from '../../shared/contracts/teams.ts'

const BADGES: Record<TeamStatus, string> = {
  held: 'staff-badge team-status-offered',
  complete: 'staff-badge team-status-complete',
  forming: 'staff-badge team-status-forming',
  waitlisted: 'staff-badge team-status-waitlisted',
  offered: 'staff-badge team-status-offered',
  withdrawn: 'staff-badge',
}

/** Teams as staff read them: each links to its page. */
export function TeamsTable({ teams, showLeague }: { teams: readonly TeamSummary[]; showLeague: boolean }) {
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">Team</th>
            {showLeague && <th scope="col">League</th>}
            <th scope="col">Status</th>
            <th scope="col">Captain</th>
            <th scope="col">Players</th>
            <th scope="col" className="staff-money">
              Owed
            </th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => (
            <tr key={team.id}>
              <th scope="row">
                <Link to={href('leagueTeam', { leagueId: team.leagueId, teamId: team.id })}>{team.name}</Link>
              </th>
              {showLeague && <td className="staff-wrap">{team.leagueName}</td>}
              <td>
                <span className={BADGES[team.status]}>{TEAM_STATUS_LABELS[team.status]}</span>
                {team.waitlistPosition !== null && <span className="staff-muted"> #{team.waitlistPosition}</span>}
              </td>
              <td>
                {team.captainName}
                <br />
                <span className="staff-muted">{team.captainEmail}</span>
              </td>
              <td>
                {team.playerCount}
                {team.rosterMax !== null && ` / ${team.rosterMax}`}
              </td>
              <td className="staff-money">{formatMoney(team.owedCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
