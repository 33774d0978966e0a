import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { TEAM_STATUS_LABELS, TEAM_STATUSES, type TeamStatus } from '../../../shared/schemas/team.ts'
import { SPORT_LABELS, SPORTS, type Sport } from '../../../shared/sports.ts'
import type { TeamSummary } from '../../../shared/contracts/teams.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { errorMessage } from '../../lib/api.ts'
import type { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import { teamsCsvUrl, teamSummariesQuery } from '../../queries/teams.ts'
import { TeamsTable } from '../../components/teams-table.tsx'

const SORTS = {
  name: { label: 'Team name', compare: (a: TeamSummary, b: TeamSummary) => a.name.localeCompare(b.name) },
  league: { label: 'League', compare: (a: TeamSummary, b: TeamSummary) => a.leagueName.localeCompare(b.leagueName) || a.name.localeCompare(b.name) },
  status: { label: 'Status', compare: (a: TeamSummary, b: TeamSummary) => TEAM_STATUSES.indexOf(a.status) - TEAM_STATUSES.indexOf(b.status) || a.name.localeCompare(b.name) },
  owed: { label: 'Amount owed', compare: (a: TeamSummary, b: TeamSummary) => b.owedCents - a.owedCents || a.name.localeCompare(b.name) },
  players: { label: 'Players', compare: (a: TeamSummary, b: TeamSummary) => b.playerCount - a.playerCount || a.name.localeCompare(b.name) },
} as const
type Sort = keyof typeof SORTS

/** What the page opens with (routes/teams-view.tsx): the leagues to filter by, and every league's teams. */
export interface TeamsViewOpening {
  leagues: ReturnType<typeof adminLeaguesQuery>
  teams: ReturnType<typeof teamSummariesQuery>
}

/** Every team of every league, filtered by league, sport and status, sorted, and exported as CSV. */
export function TeamsViewScreen({ opening }: { opening: TeamsViewOpening }) {
  const [leagueId, setLeagueId] = useState('')
  const [sport, setSport] = useState<Sport | ''>('')
  const [status, setStatus] = useState<TeamStatus | ''>('')
  const [sort, setSort] = useState<Sort>('league')
  const leagues = useQuery(opening.leagues)
  const list = useQuery({ ...(leagueId === '' ? opening.teams : teamSummariesQuery(leagueId)), placeholderData: keepPreviousData })
  const teams = useMemo(
    () => list.data?.teams.filter((t) => (sport === '' || t.sport === sport) && (status === '' || t.status === status)).sort(SORTS[sort].compare),
    [list.data, sport, status, sort],
  )
  const teamLeagues = leagues.data?.leagues.filter((l) => l.kind === 'team') ?? []

  return (
    <section className="page">
      <h1>Teams</h1>
      <div className="toolbar">
        <FilterSelect id="teams-league" label="League" value={leagueId} onChange={setLeagueId}>
          <option value="">All leagues</option>
          {teamLeagues.map((league) => (
            <option key={league.id} value={league.id}>
              {league.name}
              {league.isActive ? '' : ' (closed)'}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="teams-sport" label="Sport" value={sport} onChange={setSport}>
          <option value="">All sports</option>
          {SPORTS.map((s) => (
            <option key={s} value={s}>
              {SPORT_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="teams-status" label="Status" value={status} onChange={setStatus}>
          <option value="">Every status</option>
          {TEAM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TEAM_STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="teams-sort" label="Sort by" value={sort} onChange={setSort}>
          {Object.entries(SORTS).map(([key, { label }]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </FilterSelect>
        <a className="button secondary" href={teamsCsvUrl(leagueId)} download>
          Export CSV
        </a>
      </div>
      {leagues.error && <Alert>{`The league filter could not be loaded: ${errorMessage(leagues.error)}`}</Alert>}
      {list.error && <Alert>{errorMessage(list.error)}</Alert>}
      {!teams && !list.error && <p className="loading">Loading teams…</p>}
      {teams && (
        <p aria-live="polite">
          {teams.length === 0 ? 'No team matches.' : `${teams.length} team${teams.length === 1 ? '' : 's'}.`}
        </p>
      )}
      {teams && teams.length > 0 && <TeamsTable teams={teams} showLeague />}
    </section>
  )
}
