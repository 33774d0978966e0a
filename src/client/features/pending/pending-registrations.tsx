import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import { formatDate } from '../../../shared/format.ts'
import { pastDueSince } from '../../../shared/payment-plan.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { formatMoney } from '../../../shared/money.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { badgeClass } from '../offerings/registration-panel/history.ts'
import { RegistrationDetailPanel } from '../offerings/registration-panel/registration-panel.tsx'
import { errorMessage } from '../../lib/api.ts'
import type { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import { pendingRegistrationsQuery } from '../../queries/pending-registrations.ts'
import { facilityDayNow } from '../../lib/facility-day.ts'

/** What the page opens with (routes/pending-registrations.tsx): the leagues to filter by, and the list of every league, unsearched. */
export interface PendingOpening {
  leagues: ReturnType<typeof adminLeaguesQuery>
  registrations: ReturnType<typeof pendingRegistrationsQuery>
}

/**
 * Every registration awaiting payment or review (/pendingRegistrations), newest first, with a
 * league filter and the front desk's tools for the one chosen. A registration paid in full or
 * ended leaves the list; its detail panel stays open to show the result.
 */
export function PendingRegistrations({ opening }: { opening: PendingOpening }) {
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(facilityDayNow)
  const [leagueId, setLeagueId] = useState('')
  const [typed, setTyped] = useState('')
  const [pastDueOnly, setPastDueOnly] = useState(false)
  const search = useDeferredValue(typed.trim())
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const leagues = useQuery(opening.leagues)
  // Another league's list stays in view until this one arrives: the table does not flicker.
  const list = useQuery({ ...(leagueId === '' && search === '' ? opening.registrations : pendingRegistrationsQuery(leagueId, search)), placeholderData: keepPreviousData })
  const registrations = pastDueOnly ? list.data?.registrations.filter((r) => pastDueSince(r, today) !== null) : list.data?.registrations

  const closeDetail = () => {
    // Back to the row's button, or to the filter once the registration has left the list.
    const button = selectedId && document.getElementById(`details-${selectedId}`)
    setSelectedId(null)
    ;(button || document.getElementById('league-filter'))?.focus()
  }

  return (
    <>
      <div className="toolbar">
        <FilterSelect id="league-filter" label="League" value={leagueId} onChange={setLeagueId}>
          <option value="">All leagues</option>
          {leagues.data?.leagues.map((league) => (
            <option key={league.id} value={league.id}>
              {league.name}
              {league.isActive ? '' : ' (closed)'}
            </option>
          ))}
        </FilterSelect>
        <div className="field">
          <label htmlFor="pending-search">Search by name</label>
          <input id="pending-search" type="search" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className="field staff-checkbox">
          <div>
            <input id="pending-past-due" type="checkbox" checked={pastDueOnly} onChange={(e) => setPastDueOnly(e.target.checked)} />
            <label htmlFor="pending-past-due">Only unpaid past their due date</label>
          </div>
        </div>
      </div>
      {leagues.error && <Alert>{`The league filter could not be loaded: ${errorMessage(leagues.error)}`}</Alert>}
      {list.error && <Alert>{errorMessage(list.error)}</Alert>}
      {!registrations && !list.error && <p className="loading">Loading registrations…</p>}
      {registrations && (
        <p aria-live="polite">
          {registrations.length === 0
            ? search
              ? `No registration awaiting payment or review matches “${search}”${pastDueOnly ? ' and is past its due date' : ''}.`
              : pastDueOnly
                ? 'Nothing is unpaid past its due date.'
                : 'Nothing is awaiting payment or review.'
            : `${registrations.length} ${registrations.length === 1 ? 'registration is' : 'registrations are'} awaiting payment or review${search ? ` for “${search}”` : ''}.`}
        </p>
      )}
      {registrations && registrations.length > 0 && (
        <StaffTable
          label="Registrations awaiting payment or review"
          rows={registrations}
          rowKey={(r) => r.id}
          rowClassName={(r) => (r.id === selectedId ? 'staff-selected' : undefined)}
          moreLabel={(r) => `More about ${r.child?.name ?? r.registrantName}, ${r.offering.name}`}
          columns={[
            {
              header: 'Registrant',
              rowHeader: true,
              cell: (r) => (
                <>
                  {r.registrantName}
                  <br />
                  <span className="staff-muted">{r.registrantEmail}</span>
                </>
              ),
            },
            { header: 'Child', cell: (r) => r.child?.name ?? '—' },
            { header: 'League', cell: (r) => r.offering.name },
            { header: 'Status', className: 'staff-words', cell: (r) => <span className={badgeClass(r.status)}>{STATUS_LABELS[r.status]}</span> },
            { header: 'Waitlist', priority: 'wide', cell: (r) => (r.waitlistPosition === null ? '—' : `${r.waitlistPosition} of ${r.waitlistSize}`) },
            { header: 'Price', priority: 'wide', className: 'staff-money', cell: (r) => formatMoney(r.priceCents) },
            { header: 'Paid', priority: 'wide', className: 'staff-money', cell: (r) => formatMoney(r.paidCents) },
            {
              header: 'Balance',
              className: 'staff-money',
              cell: (r) => (
                <>
                  {nothingDue(r) ?? formatMoney(r.balanceCents)}
                  <OverdueFlag registration={r} today={today} />
                </>
              ),
            },
            { header: 'Created', priority: 'wide', cell: (r) => formatDate(r.createdAt) },
          ]}
          actionsHeader="Details"
          actions={(r) => (
            <RowAction id={`details-${r.id}`} row={` for ${r.child?.name ?? r.registrantName}, ${r.offering.name}`} onAct={() => setSelectedId(r.id)}>
              Details
            </RowAction>
          )}
        />
      )}
      {selectedId && (
        <RegistrationDetailPanel key={selectedId} registrationId={selectedId} onClose={closeDetail} />
      )}
    </>
  )
}

/** A place unpaid past its due date (a plan's part past its day, or its start come unpaid), flagged for staff: `Overdue since 1/15/2027`. */
function OverdueFlag({ registration, today }: { registration: RegistrationView; today: string }) {
  const since = pastDueSince(registration, today)
  if (!since) return null
  return (
    <>
      <br />
      <span className="staff-badge staff-badge-failed">Overdue since {formatDate(since)}</span>
    </>
  )
}
