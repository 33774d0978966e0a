import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { formatDate, formatDateRange } from '../../../shared/format.ts'
import { leaguePriceText } from '../../../shared/schemas/league.ts'
import type { AdminLeague, SaveLeagueResult } from '../../../shared/contracts/leagues.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import type { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import { useSetLeagueOpen } from './api/use-set-league-open.ts'
import { LeagueFormPanel } from './league-form.tsx'

const editButtonId = (id: string) => `edit-${id}`

function people(count: number): string {
  return count === 1 ? '1 person' : `${count} people`
}

/** What a save did, in the facility's words, including what it did to the waitlist. */
function savedMessage({ league, offered }: SaveLeagueResult, created: boolean): string {
  const parts = [created ? `Created ${league.name}; it is ${league.isActive ? 'open' : 'closed'} for registration.` : `Saved ${league.name}.`]
  if (offered > 0) parts.push(`${people(offered)} on the waitlist ${offered === 1 ? 'was' : 'were'} offered a place.`)
  if (league.capacity !== null && league.placesTaken > league.capacity) {
    parts.push(
      `${league.placesTaken} places are taken, more than the capacity of ${league.capacity}: nobody was removed, and new registrations join the waitlist.`,
    )
  }
  return parts.join(' ')
}

function placesText(league: AdminLeague): string {
  if (league.teams) return `${league.teamsTaken} / ${league.teamCapacity ?? 'no limit'} teams`
  return `${league.placesTaken} / ${league.capacity ?? 'no limit'}`
}

/** A team league's teams by status, as staff read it: "2 complete, 1 forming". */
function teamsText(teams: NonNullable<AdminLeague['teams']>): string {
  const parts = [`${teams.complete} complete`, `${teams.forming} forming`]
  if (teams.offered > 0) parts.push(`${teams.offered} offered a place`)
  return parts.join(', ')
}

/** The admin's view of /leagues: every league, with create, edit, open and close. */
export function LeagueManager({ leaguesQuery }: { leaguesQuery: ReturnType<typeof adminLeaguesQuery> }) {
  const { data, error } = useQuery(leaguesQuery)
  const setOpen = useSetLeagueOpen()
  const { editing, newButton, open: openPanel, close } = useEditPanel<AdminLeague>(editButtonId)
  const [outcome, setOutcome] = useState('')

  const open = (league: AdminLeague | undefined) => {
    setOutcome('')
    setOpen.reset()
    openPanel(league)
  }

  const saved = (result: SaveLeagueResult, created: boolean) => {
    setOutcome(savedMessage(result, created))
    close()
  }

  const toggle = (league: AdminLeague) => {
    setOutcome('')
    setOpen.mutate(
      { leagueId: league.id, isActive: !league.isActive },
      { onSuccess: ({ league: after }) => setOutcome(`${after.name} is now ${after.isActive ? 'open' : 'closed'} for registration.`) },
    )
  }

  const leagues = data?.leagues
  return (
    <>
      {/* Always present, so screen readers announce each outcome as it is written in. */}
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {setOpen.error && <Alert>{setOpen.error instanceof ApiError ? setOpen.error.message : 'Something went wrong. Please try again.'}</Alert>}
      {editing ? (
        <LeagueFormPanel key={editing.item?.id ?? 'new'} league={editing.item} onSaved={saved} onCancel={close} />
      ) : (
        <p>
          <button ref={newButton} type="button" className="button" onClick={() => open(undefined)}>
            New league
          </button>
        </p>
      )}
      <h2>All leagues</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!leagues && !error && <p className="loading">Loading leagues…</p>}
      {leagues && leagues.length === 0 && <p>There are no leagues yet. Create the first one with New league.</p>}
      {leagues && leagues.length > 0 && (
        <StaffTable
          label="All leagues"
          rows={leagues}
          rowKey={(league) => league.id}
          columns={[
            { header: 'Name', rowHeader: true, cell: (league) => <Link to={href('league', { leagueId: league.id })}>{league.name}</Link> },
            {
              header: 'Sport and kind',
              cell: (league) => (
                <>
                  {SPORT_LABELS[league.sport]}
                  <br />
                  <span className="staff-muted">{league.kind === 'team' ? 'Team' : 'Individual'}</span>
                </>
              ),
            },
            {
              header: 'Dates',
              className: 'staff-wrap',
              cell: (league) => (
                <>
                  <span className="staff-nowrap">{formatDateRange(league.startDate, league.endDate)}</span>
                  <br />
                  <span className="staff-muted">Registration from {formatDate(league.registrationDate)}</span>
                </>
              ),
            },
            {
              header: 'Price',
              className: 'staff-money staff-wrap',
              cell: (league) => (
                <>
                  {leaguePriceText(league)}
                  {league.payAtSignUp && (
                    <>
                      <br />
                      At sign-up
                    </>
                  )}
                </>
              ),
            },
            {
              header: 'Places',
              className: 'staff-wrap',
              cell: (league) => (
                <>
                  {placesText(league)}
                  {league.teams && (
                    <>
                      <br />
                      <span className="staff-muted">{teamsText(league.teams)}</span>
                    </>
                  )}
                </>
              ),
            },
            { header: 'Waitlist', cell: (league) => (league.teams ? `${league.teams.waitlisted} team${league.teams.waitlisted === 1 ? '' : 's'}` : league.waitlistSize) },
            { header: 'Active', cell: (league) => <span className={league.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{league.isActive ? 'Open' : 'Closed'}</span> },
          ]}
          actions={(league) => (
            // One above the other, so the table fits a 1280 px screen without scrolling; a card's row on a phone.
            <div className="staff-actions staff-actions-stacked">
              <RowAction id={editButtonId(league.id)} row={` ${league.name}`} onAct={() => open(league)}>
                Edit
              </RowAction>
              <RowAction row={` ${league.name}`} disabled={setOpen.isPending} onAct={() => toggle(league)}>
                {league.isActive ? 'Close' : 'Open'}
              </RowAction>
              {league.kind === 'team' && (
                <Link className="button secondary" to={href('leagueSchedule', { leagueId: league.id })}>
                  Schedule<span className="visually-hidden"> {league.name}</span>
                </Link>
              )}
            </div>
          )}
        />
      )}
    </>
  )
}
