import { Link } from 'react-router'
import { formatMoney } from '../../shared/money.ts'
import { href } from '../../shared/paths.ts'
import { TEAM_STATUS_LABELS, type TeamStatus } from '../../shared/schemas/team.ts'
import type { TeamSummary } from '../../shared/contracts/teams.ts'
import { StaffTable, type StaffColumn } from './ui/staff-table.tsx'

const BADGES: Record<TeamStatus, string> = {
  held: 'staff-badge team-status-offered',
  complete: 'staff-badge team-status-complete',
  forming: 'staff-badge team-status-forming',
  waitlisted: 'staff-badge team-status-waitlisted',
  offered: 'staff-badge team-status-offered',
  withdrawn: 'staff-badge',
}

/** Teams as staff read them: each links to its page; on a phone each team is a card. */
export function TeamsTable({ teams, showLeague }: { teams: readonly TeamSummary[]; showLeague: boolean }) {
  const columns: StaffColumn<TeamSummary>[] = [
    { header: 'Team', rowHeader: true, cell: (team) => <Link to={href('leagueTeam', { leagueId: team.leagueId, teamId: team.id })}>{team.name}</Link> },
    ...(showLeague ? [{ header: 'League', className: 'staff-wrap', cell: (team: TeamSummary) => team.leagueName }] : []),
    {
      header: 'Status',
      className: 'staff-words',
      cell: (team) => (
        <>
          <span className={BADGES[team.status]}>{TEAM_STATUS_LABELS[team.status]}</span>
          {team.waitlistPosition !== null && <span className="staff-muted"> #{team.waitlistPosition}</span>}
        </>
      ),
    },
    {
      header: 'Captain',
      cell: (team) => (
        <>
          {team.captainName}
          <br />
          <span className="staff-muted wrap-anywhere">{team.captainEmail}</span>
        </>
      ),
    },
    { header: 'Players', cell: (team) => `${team.playerCount}${team.rosterMax !== null ? ` / ${team.rosterMax}` : ''}` },
    { header: 'Owed', className: 'staff-money', cell: (team) => formatMoney(team.owedCents) },
  ]
  return <StaffTable label="Teams" rows={[...teams]} rowKey={(team) => team.id} columns={columns} />
}
