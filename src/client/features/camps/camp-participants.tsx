import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { campParticipantsCsv, CampParticipant, CampParticipants } from '../../../shared/contracts/camps.ts'
import { countOf, formatDateRange } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { urlOf } from '../../lib/endpoint.ts'
import { useSession } from '../../lib/session.tsx'
import { adminCampsQuery, campParticipantsQuery } from '../../queries/admin-camps.ts'
import { cancelPlaceQuestion, participantColumns, placeCancelledText } from '../offerings/participant-columns.tsx'
import { WaitlistTable } from '../offerings/waitlist-table.tsx'
import { useCancelCampPlace } from './api/use-cancel-camp-place.ts'

/**
 * Staff pick a camp and see its children (issue 31 §2): the door's list of who comes, what the
 * coach must know of each, what they owe, the waitlist; cancel a place, export the list as CSV.
 * The camp chosen is in the address (`?camp=`), so the view can be bookmarked.
 */
export function CampParticipantsPanel({ campId, onChoose }: { campId: string; onChoose(campId: string): void }) {
  const camps = useQuery(adminCampsQuery())
  return (
    <section className="staff-panel" aria-labelledby="participants-heading">
      <h2 id="participants-heading" tabIndex={-1}>
        Children
      </h2>
      <div className="toolbar">
        <FilterSelect id="participants-camp" label="Camp" value={campId} onChange={onChoose}>
          <option value="">Choose a camp</option>
          {camps.data?.camps.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.isActive ? '' : ' (closed)'}
            </option>
          ))}
        </FilterSelect>
      </div>
      {campId && <Participants key={campId} campId={campId} />}
    </section>
  )
}

function Participants({ campId }: { campId: string }) {
  const { data, error } = useQuery(campParticipantsQuery(campId))
  const [outcome, setOutcome] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  // A row that ended leaves the table: focus goes to the camp's heading, above the news.
  const done = (news: string) => {
    setOutcome(news)
    heading.current?.focus()
  }

  if (error) return <Alert>{error instanceof ApiError && error.status === 404 ? 'There is no such camp.' : errorMessage(error)}</Alert>
  if (!data) return <p className="loading">Loading the children…</p>
  const { camp, participants, waitlist } = data
  const csv = urlOf<typeof campParticipantsCsv>('/api/admin/camps/:campId/participants.csv', { params: { campId } })
  return (
    <>
      <h3 ref={heading} tabIndex={-1}>
        {camp.name}
      </h3>
      <p>
        {formatDateRange(camp.startDate, camp.endDate)} · {camp.placesTaken} of {camp.capacity ?? 'unlimited'} places taken · {countOf(waitlist.length, 'child', 'children')} waiting
      </p>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      <div className="staff-actions">
        <a className="button secondary" href={csv} download>
          Download CSV
        </a>
        <button type="button" className="button secondary" onClick={() => window.print()}>
          Print the list
        </button>
      </div>
      {participants.length === 0 ? <p>Nobody has a place yet.</p> : <ParticipantsTable camp={camp} participants={participants} onDone={done} />}
      <WaitlistTable programName={camp.name} waitlist={waitlist} />
    </>
  )
}

/** A camp's children, one row each, with the staff's cancel at the end of the row. */
function ParticipantsTable({ camp, participants, onDone }: { camp: CampParticipants['camp']; participants: CampParticipant[]; onDone(news: string): void }) {
  const cancel = useCancelCampPlace()
  // Only an admin gives money back (decision 0016): an employee's cancel leaves the refund to one.
  const refunds = useSession().user?.isAdmin === true
  const cancelPlace = (p: CampParticipant) =>
    cancel.mutate({ registrationId: p.registrationId, refund: refunds }, { onSuccess: () => onDone(placeCancelledText(p, camp.name, refunds)) })
  return (
    <>
      {cancel.error && <Alert>{errorMessage(cancel.error)}</Alert>}
      <StaffTable
        label={`Children at ${camp.name}`}
        regionLabel={`${camp.name}: children`}
        rows={participants}
        rowKey={(p) => p.registrationId}
        moreLabel={(p) => `More about ${p.name}`}
        columns={participantColumns<CampParticipant>()}
        actions={(p) => (
          <div className="staff-actions staff-actions-stacked">
            <RowAction row={` ${p.name}`} className="button staff-danger" disabled={cancel.isPending} question={cancelPlaceQuestion(p, camp.name, refunds)} onAct={() => cancelPlace(p)}>
              {refunds ? 'Cancel and refund' : 'Cancel'}
            </RowAction>
          </div>
        )}
      />
    </>
  )
}
