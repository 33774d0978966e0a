import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { describeSchedule } from '../../../shared/academy-schedule.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import { countOf, formatDate, formatDateRange } from '../../../shared/format.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { agesText, priceText } from '../offerings/program-text.ts'
import { AcademyFormPanel } from './academy-form.tsx'
import { attendanceHref } from './attendance-text.ts'
import { useSetAcademyOpen } from './api/use-set-academy-open.ts'

const editButtonId = (id: string) => `edit-academy-${id}`

function savedMessage({ academy, offered }: { academy: AdminAcademy; offered: number }, created: boolean): string {
  const parts = [created ? `Created ${academy.name}; it is ${academy.isActive ? 'open' : 'closed'} for registration.` : `Saved ${academy.name}.`]
  if (offered > 0) parts.push(`${countOf(offered, 'person', 'people')} on the waitlist ${offered === 1 ? 'was' : 'were'} offered a place.`)
  return parts.join(' ')
}

const scheduleOf = (a: AdminAcademy) => (a.startTime && a.endTime && a.weekdays.length > 0 ? describeSchedule({ weekdays: a.weekdays, startTime: a.startTime, endTime: a.endTime }) : 'No schedule yet')

/** The staff's academies (issue 23): every academy with its schedule and places, its participants, and create, edit, open and close for admins. */
export function AcademyManager({ canChange, onShowParticipants }: { canChange: boolean; onShowParticipants(academyId: string): void }) {
  const { pathname } = useLocation()
  const { data, error } = useQuery(adminAcademiesQuery())
  const setOpen = useSetAcademyOpen()
  const { editing, newButton, open: openPanel, close } = useEditPanel<AdminAcademy>(editButtonId)
  const [outcome, setOutcome] = useState('')
  const [find, setFind] = useState('')

  const open = (academy: AdminAcademy | undefined) => {
    setOutcome('')
    setOpen.reset()
    openPanel(academy)
  }
  const saved = (result: { academy: AdminAcademy; offered: number }, created: boolean) => {
    setOutcome(savedMessage(result, created))
    close()
  }
  const toggle = (academy: AdminAcademy) => {
    setOutcome('')
    setOpen.mutate(
      { academy, isActive: !academy.isActive },
      { onSuccess: ({ academy: after }) => setOutcome(`${after.name} is now ${after.isActive ? 'open' : 'closed'} for registration.`) },
    )
  }

  const academies = data?.academies
  const needle = find.trim().toLowerCase()
  const shown = (academies ?? []).filter((a) => needle === '' || a.name.toLowerCase().includes(needle) || (a.coach ?? '').toLowerCase().includes(needle))
  const columns: StaffColumn<AdminAcademy>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (academy) => (
        <>
          {academy.name}
          {academy.coach && (
            <>
              <br />
              <span className="staff-muted">{academy.coach}</span>
            </>
          )}
          <br />
          <Link to={attendanceHref(academy.id, pathname)}>
            Attendance<span className="visually-hidden"> of {academy.name}</span>
          </Link>
        </>
      ),
    },
    {
      header: 'Sport and ages',
      priority: 'wide',
      cell: (academy) => (
        <>
          {academy.sport ? SPORT_LABELS[academy.sport] : '—'}
          <br />
          <span className="staff-muted">{agesText(academy) ?? 'All ages'}</span>
        </>
      ),
    },
    {
      header: 'Sessions',
      priority: 'wide',
      cell: (academy) => (
        <>
          {scheduleOf(academy)}
          <br />
          <span className="staff-muted">
            {formatDateRange(academy.startDate, academy.endDate)}, {countOf(academy.sessionDates.length, 'session')}; registration from {formatDate(academy.registrationDate)}
          </span>
        </>
      ),
    },
    {
      header: 'Price',
      className: 'staff-money',
      cell: (academy) => (
        <>
          {priceText(academy.priceCents)}
          {academy.payAtSignUp && (
            <>
              <br />
              At sign-up
            </>
          )}
        </>
      ),
    },
    { header: 'Places', cell: (academy) => `${academy.placesTaken} / ${academy.capacity ?? 'no limit'}` },
    { header: 'Waitlist', cell: (academy) => academy.waitlistSize },
    {
      header: 'Active',
      cell: (academy) => <span className={academy.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{academy.isActive ? 'Open' : 'Closed'}</span>,
    },
  ]
  return (
    <>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {setOpen.error && <Alert>{errorMessage(setOpen.error)}</Alert>}
      {canChange &&
        (editing ? (
          <AcademyFormPanel key={editing.item?.id ?? 'new'} academy={editing.item} onSaved={saved} onCancel={close} />
        ) : (
          <p>
            <button ref={newButton} type="button" className="button" onClick={() => open(undefined)}>
              New academy
            </button>
          </p>
        ))}
      <h2>All academies</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!academies && !error && <p className="loading">Loading academies…</p>}
      {academies && academies.length === 0 && <p>There are no academies yet.{canChange && ' Create the first one with New academy.'}</p>}
      {academies && academies.length > 0 && (
        <>
          {/* The list grows long: a keyboard reaches one academy's buttons by typing its name instead of tabbing past every row. */}
          <div className="field">
            <label htmlFor="academy-find">Find an academy</label>
            <input id="academy-find" type="search" autoComplete="off" value={find} onChange={(e) => setFind(e.target.value)} />
          </div>
          {shown.length === 0 ? (
            <p>No academy’s name or coach has “{find.trim()}” in it.</p>
          ) : (
            <StaffTable
              label="All academies"
              columns={columns}
              rows={shown}
              rowKey={(academy) => academy.id}
              moreLabel={(academy) => `More about ${academy.name}`}
              actions={(academy) => (
                <div className="staff-actions staff-actions-stacked">
                  <RowAction row={` of ${academy.name}`} onAct={() => onShowParticipants(academy.id)}>
                    Participants
                  </RowAction>
                  {canChange && (
                    <>
                      <RowAction id={editButtonId(academy.id)} row={` ${academy.name}`} onAct={() => open(academy)}>
                        Edit
                      </RowAction>
                      <RowAction row={` ${academy.name}`} disabled={setOpen.isPending} onAct={() => toggle(academy)}>
                        {academy.isActive ? 'Close' : 'Open'}
                      </RowAction>
                    </>
                  )}
                </div>
              )}
            />
          )}
        </>
      )}
    </>
  )
}
