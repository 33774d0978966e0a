import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminDropIn, SaveDropInResult } from '../../../shared/contracts/drop-ins.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import { adminDropInsQuery } from '../../queries/admin-drop-ins.ts'
import { priceText } from '../offerings/program-text.ts'
import { useSetDropInOpen } from './api/use-set-drop-in-open.ts'
import { DropInFormPanel } from './drop-in-form.tsx'
import { dropInAgesText, dropInHoursText, headcountText } from './drop-in-text.ts'

const editButtonId = (id: string) => `edit-drop-in-${id}`

function savedMessage({ dropIn, offered }: SaveDropInResult, created: boolean): string {
  const parts = [created ? `Created ${dropIn.name}; it is ${dropIn.isActive ? 'open' : 'closed'} for registration.` : `Saved ${dropIn.name}.`]
  if (offered > 0) parts.push(`${countOf(offered, 'person', 'people')} on the waitlist ${offered === 1 ? 'was' : 'were'} offered a place.`)
  return parts.join(' ')
}

/** The staff's drop-in sessions (issue 31 §2): every session with its day and headcount, its people, and create, edit, open and close for admins. */
export function DropInManager({ canChange, onShowParticipants }: { canChange: boolean; onShowParticipants(dropInId: string): void }) {
  const { data, error } = useQuery(adminDropInsQuery())
  const setOpen = useSetDropInOpen()
  const { editing, newButton, open: openPanel, close } = useEditPanel<AdminDropIn>(editButtonId)
  const [outcome, setOutcome] = useState('')

  const open = (dropIn: AdminDropIn | undefined) => {
    setOutcome('')
    setOpen.reset()
    openPanel(dropIn)
  }
  const saved = (result: SaveDropInResult, created: boolean) => {
    setOutcome(savedMessage(result, created))
    close()
  }
  const toggle = (dropIn: AdminDropIn) => {
    setOutcome('')
    setOpen.mutate({ dropIn, isActive: !dropIn.isActive }, { onSuccess: ({ dropIn: after }) => setOutcome(`${after.name} is now ${after.isActive ? 'open' : 'closed'} for registration.`) })
  }

  const dropIns = data?.dropIns
  const columns: StaffColumn<AdminDropIn>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (d) => (
        <>
          {d.name}
          <br />
          <span className="staff-muted">{d.academyName ? `Session of ${d.academyName}` : 'Open play'}</span>
        </>
      ),
    },
    {
      header: 'Day',
      cell: (d) => (
        <>
          {formatDate(d.date)}
          <br />
          <span className="staff-muted staff-nowrap">{dropInHoursText(d)}</span>
        </>
      ),
    },
    {
      header: 'Sport and who',
      priority: 'wide',
      cell: (d) => (
        <>
          {d.sport ? SPORT_LABELS[d.sport] : '—'}
          <br />
          <span className="staff-muted">{dropInAgesText(d)}</span>
        </>
      ),
    },
    {
      header: 'Price',
      className: 'staff-money',
      cell: (d) => (
        <>
          {priceText(d.priceCents)}
          {d.payAtSignUp && (
            <>
              <br />
              At sign-up
            </>
          )}
        </>
      ),
    },
    {
      header: 'Headcount',
      cell: (d) => (
        <>
          {d.placesTaken} / {d.capacity} places
          <br />
          <span className="staff-muted">{headcountText(d)}</span>
        </>
      ),
    },
    { header: 'Waitlist', priority: 'wide', cell: (d) => d.waitlistSize },
    {
      header: 'Active',
      cell: (d) => <span className={d.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{d.isActive ? 'Open' : 'Closed'}</span>,
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
          <DropInFormPanel key={editing.item?.id ?? 'new'} dropIn={editing.item} onSaved={saved} onCancel={close} />
        ) : (
          <p>
            <button ref={newButton} type="button" className="button" onClick={() => open(undefined)}>
              New drop-in session
            </button>
          </p>
        ))}
      <h2>All drop-in sessions</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!dropIns && !error && <p className="loading">Loading drop-in sessions…</p>}
      {dropIns && dropIns.length === 0 && <p>There are no drop-in sessions yet.{canChange && ' Create the first one with New drop-in session.'}</p>}
      {dropIns && dropIns.length > 0 && (
        <StaffTable
          label="All drop-in sessions"
          columns={columns}
          rows={dropIns}
          rowKey={(d) => d.id}
          moreLabel={(d) => `More about ${d.name} on ${formatDate(d.date)}`}
          actions={(d) => (
            <div className="staff-actions staff-actions-stacked">
              <RowAction row={` at ${d.name} on ${formatDate(d.date)}`} onAct={() => onShowParticipants(d.id)}>
                People
              </RowAction>
              {canChange && (
                <>
                  <RowAction id={editButtonId(d.id)} row={` ${d.name} on ${formatDate(d.date)}`} onAct={() => open(d)}>
                    Edit
                  </RowAction>
                  <RowAction row={` ${d.name} on ${formatDate(d.date)}`} disabled={setOpen.isPending} onAct={() => toggle(d)}>
                    {d.isActive ? 'Close' : 'Open'}
                  </RowAction>
                </>
              )}
            </div>
          )}
        />
      )}
    </>
  )
}
