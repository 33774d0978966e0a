import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminCamp, SaveCampResult } from '../../../shared/contracts/camps.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import { adminCampsQuery } from '../../queries/admin-camps.ts'
import { priceText } from '../offerings/program-text.ts'
import { useSetCampOpen } from './api/use-set-camp-open.ts'
import { CampFormPanel } from './camp-form.tsx'
import { campAgesText, campDaysText, campHoursText } from './camp-text.ts'

const editButtonId = (id: string) => `edit-camp-${id}`

function savedMessage({ camp, offered }: SaveCampResult, created: boolean): string {
  const parts = [created ? `Created ${camp.name}; it is ${camp.isActive ? 'open' : 'closed'} for registration.` : `Saved ${camp.name}.`]
  if (offered > 0) parts.push(`${countOf(offered, 'child', 'children')} on the waitlist ${offered === 1 ? 'was' : 'were'} offered a place.`)
  return parts.join(' ')
}

/** The staff's camps (issue 31 §2): every camp with its days and places, its children, and create, edit, open and close for admins. */
export function CampManager({ canChange, onShowParticipants }: { canChange: boolean; onShowParticipants(campId: string): void }) {
  const { data, error } = useQuery(adminCampsQuery())
  const setOpen = useSetCampOpen()
  const { editing, newButton, open: openPanel, close } = useEditPanel<AdminCamp>(editButtonId)
  const [outcome, setOutcome] = useState('')

  const open = (camp: AdminCamp | undefined) => {
    setOutcome('')
    setOpen.reset()
    openPanel(camp)
  }
  const saved = (result: SaveCampResult, created: boolean) => {
    setOutcome(savedMessage(result, created))
    close()
  }
  const toggle = (camp: AdminCamp) => {
    setOutcome('')
    setOpen.mutate({ camp, isActive: !camp.isActive }, { onSuccess: ({ camp: after }) => setOutcome(`${after.name} is now ${after.isActive ? 'open' : 'closed'} for registration.`) })
  }

  const camps = data?.camps
  const columns: StaffColumn<AdminCamp>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (camp) => (
        <>
          {camp.name}
          {camp.coach && (
            <>
              <br />
              <span className="staff-muted">{camp.coach}</span>
            </>
          )}
        </>
      ),
    },
    {
      header: 'Sport and ages',
      priority: 'wide',
      cell: (camp) => (
        <>
          {camp.sport ? SPORT_LABELS[camp.sport] : '—'}
          <br />
          <span className="staff-muted">{campAgesText(camp)}</span>
        </>
      ),
    },
    {
      header: 'Days',
      priority: 'wide',
      cell: (camp) => (
        <>
          {campDaysText(camp)}
          <br />
          <span className="staff-muted">
            {campHoursText(camp)}; registration from {formatDate(camp.registrationDate)}
          </span>
        </>
      ),
    },
    {
      header: 'Price',
      className: 'staff-money',
      cell: (camp) => (
        <>
          {priceText(camp.priceCents)}
          {camp.payAtSignUp && (
            <>
              <br />
              At sign-up
            </>
          )}
        </>
      ),
    },
    { header: 'Places', cell: (camp) => `${camp.placesTaken} / ${camp.capacity ?? 'no limit'}` },
    { header: 'Waitlist', cell: (camp) => camp.waitlistSize },
    {
      header: 'Active',
      cell: (camp) => <span className={camp.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{camp.isActive ? 'Open' : 'Closed'}</span>,
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
          <CampFormPanel key={editing.item?.id ?? 'new'} camp={editing.item} onSaved={saved} onCancel={close} />
        ) : (
          <p>
            <button ref={newButton} type="button" className="button" onClick={() => open(undefined)}>
              New camp
            </button>
          </p>
        ))}
      <h2>All camps</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!camps && !error && <p className="loading">Loading camps…</p>}
      {camps && camps.length === 0 && <p>There are no camps yet.{canChange && ' Create the first one with New camp.'}</p>}
      {camps && camps.length > 0 && (
        <StaffTable
          label="All camps"
          columns={columns}
          rows={camps}
          rowKey={(camp) => camp.id}
          moreLabel={(camp) => `More about ${camp.name}`}
          actions={(camp) => (
            <div className="staff-actions staff-actions-stacked">
              <RowAction row={` of ${camp.name}`} onAct={() => onShowParticipants(camp.id)}>
                Children
              </RowAction>
              {canChange && (
                <>
                  <RowAction id={editButtonId(camp.id)} row={` ${camp.name}`} onAct={() => open(camp)}>
                    Edit
                  </RowAction>
                  <RowAction row={` ${camp.name}`} disabled={setOpen.isPending} onAct={() => toggle(camp)}>
                    {camp.isActive ? 'Close' : 'Open'}
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
