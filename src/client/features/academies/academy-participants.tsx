import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { academyParticipantsCsv, AdminAcademy } from '../../../shared/contracts/academies.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { urlOf } from '../../lib/endpoint.ts'
import { academyParticipantsQuery } from '../../queries/academy-participants.ts'
import { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { WaitlistTable } from '../offerings/waitlist-table.tsx'
import { ParticipantsTable } from './participants-table.tsx'

/**
 * Staff pick an academy and see its participants (issue 23): what the coach must know of each,
 * what they owe, the waitlist; move one to another academy, cancel one with a refund, export the
 * list as CSV. The academy chosen is in the address (`?academy=`), so the view can be bookmarked.
 */
export function AcademyParticipantsPanel({ academyId, onChoose }: { academyId: string; onChoose(academyId: string): void }) {
  const academies = useQuery(adminAcademiesQuery())
  return (
    <section className="staff-panel" aria-labelledby="participants-heading">
      <h2 id="participants-heading" tabIndex={-1}>
        Participants
      </h2>
      <div className="toolbar">
        <FilterSelect id="participants-academy" label="Academy" value={academyId} onChange={onChoose}>
          <option value="">Choose an academy</option>
          {academies.data?.academies.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
              {a.isActive ? '' : ' (closed)'}
            </option>
          ))}
        </FilterSelect>
      </div>
      {academyId && <Participants key={academyId} academyId={academyId} academies={academies.data?.academies ?? []} />}
    </section>
  )
}

function Participants({ academyId, academies }: { academyId: string; academies: AdminAcademy[] }) {
  const { data, error } = useQuery(academyParticipantsQuery(academyId))
  const [outcome, setOutcome] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  // A row that moved or ended leaves the table: focus goes to the academy's heading, above the news.
  const done = (news: string) => {
    setOutcome(news)
    heading.current?.focus()
  }

  if (error) return <Alert>{error instanceof ApiError && error.status === 404 ? 'There is no such academy.' : errorMessage(error)}</Alert>
  if (!data) return <p className="loading">Loading the participants…</p>
  const { academy, participants, waitlist } = data
  const csv = urlOf<typeof academyParticipantsCsv>('/api/admin/academies/:academyId/participants.csv', { params: { academyId } })
  return (
    <>
      <h3 ref={heading} tabIndex={-1}>
        {academy.name}
      </h3>
      <p>
        First session {formatDate(academy.startDate)} · {academy.placesTaken} of {academy.capacity ?? 'unlimited'} places taken · {countOf(waitlist.length, 'person', 'people')} waiting
      </p>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      <div className="staff-actions">
        <a className="button secondary" href={csv} download>
          Download CSV
        </a>
      </div>
      {participants.length === 0 ? (
        <p>Nobody has a place yet.</p>
      ) : (
        <ParticipantsTable academy={academy} participants={participants} others={academies.filter((a) => a.id !== academy.id && a.isActive)} onDone={done} />
      )}
      <WaitlistTable programName={academy.name} waitlist={waitlist} />
    </>
  )
}
