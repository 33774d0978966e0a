import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { dropInParticipantsCsv, DropInParticipant, DropInParticipants } from '../../../shared/contracts/drop-ins.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { urlOf } from '../../lib/endpoint.ts'
import { adminDropInsQuery, dropInParticipantsQuery } from '../../queries/admin-drop-ins.ts'
import { participantColumns } from '../offerings/participant-columns.tsx'
import { PeopleNotYet, ProgramPeople, ProgramPeoplePanel } from '../offerings/program-people.tsx'
import { RegistrationDetailPanel } from '../offerings/registration-panel/registration-panel.tsx'
import { useCheckIn } from './api/use-check-in.ts'
import { dropInHoursText, dropInWhenText, headcountText } from './drop-in-text.ts'

/**
 * Staff pick a drop-in session and see who comes (issue 31 §2): the door's headcount, everyone with
 * a place and a check-in toggle each, what the coach must know of them, the waitlist, and the list
 * as CSV. The sessions from `today` on come first; the one chosen is in the address (`?dropIn=`).
 */
export function DropInParticipantsPanel({ dropInId, dropInsQuery, today, onChoose }: { dropInId: string; dropInsQuery: ReturnType<typeof adminDropInsQuery>; today: string; onChoose(dropInId: string): void }) {
  const { data } = useQuery(dropInsQuery)
  const dropIns = [...(data?.dropIns ?? [])].sort((a, b) => Number(a.date < today) - Number(b.date < today) || (a.date + a.startTime).localeCompare(b.date + b.startTime))
  const todays = dropIns.filter((d) => d.date === today)
  return (
    <ProgramPeoplePanel
      title="At the door"
      programId={dropInId}
      onChoose={onChoose}
      chooser={{ id: 'participants-drop-in', label: 'Session', prompt: 'Choose a session' }}
      programs={dropIns.map((d) => ({ id: d.id, text: `${d.name}, ${dropInWhenText(d, today)}`, isActive: d.isActive }))}
      before={
        <>
          {!dropInId && todays.length > 0 && (
            <ul className="link-list" aria-label="Today’s sessions">
              {todays.map((d) => (
                <li key={d.id}>
                  <button type="button" className="link-button" onClick={() => onChoose(d.id)}>
                    {d.name}, {dropInHoursText(d)}
                  </button>{' '}
                  <span className="staff-muted">{headcountText(d)}</span>
                </li>
              ))}
            </ul>
          )}
          {!dropInId && data && todays.length === 0 && <p>No drop-in session today. Choose another below.</p>}
        </>
      }
    >
      <People key={dropInId} dropInId={dropInId} />
    </ProgramPeoplePanel>
  )
}

function People({ dropInId }: { dropInId: string }) {
  const { data, error } = useQuery(dropInParticipantsQuery(dropInId))
  if (error || !data) return <PeopleNotYet error={error} missing="There is no such drop-in session." loading="Loading the people…" />
  const { dropIn, participants, waitlist } = data
  return (
    <ProgramPeople
      name={dropIn.name}
      summary={`${formatDate(dropIn.date)}, ${dropInHoursText(dropIn)} · ${dropIn.placesTaken} of ${dropIn.capacity} places taken · ${countOf(waitlist.length, 'person', 'people')} waiting`}
      status={
        <p role="status">
          <strong>{headcountText(dropIn)}</strong>
        </p>
      }
      csv={urlOf<typeof dropInParticipantsCsv>('/api/admin/drop-ins/:dropInId/participants.csv', { params: { dropInId } })}
      print
      table={participants.length === 0 ? null : <CheckInTable dropIn={dropIn} participants={participants} />}
      waitlist={waitlist}
    />
  )
}

/** Everyone with a place, one row each, with whether they are checked in and the door's button at the end of the row: only a confirmed place is checked in. */
function CheckInTable({ dropIn, participants }: { dropIn: DropInParticipants['dropIn']; participants: DropInParticipant[] }) {
  const checkIn = useCheckIn(dropIn.id)
  const [problem, setProblem] = useState('')
  const [paying, setPaying] = useState<string | null>(null)
  // Not disabled while saving: a disabled button drops the keyboard's focus, and the person at the door presses on.
  const toggle = (p: DropInParticipant) => {
    if (checkIn.isPending) return
    setProblem('')
    checkIn.mutate(
      { registrationId: p.registrationId, checkedIn: !p.checkedIn },
      { onError: (error) => setProblem(`${p.name} could not be ${p.checkedIn ? 'checked out' : 'checked in'}: ${errorMessage(error) ?? 'the save failed.'}`) },
    )
  }
  return (
    <>
      {problem && <Alert>{problem}</Alert>}
      <StaffTable
        label={`People at ${dropIn.name}`}
        regionLabel={`${dropIn.name}: people`}
        rows={participants}
        rowKey={(p) => p.registrationId}
        moreLabel={(p) => `More about ${p.name}`}
        columns={participantColumns<DropInParticipant>()}
        actionsHeader="Check-in"
        actions={(p) =>
          p.status === 'confirmed' ? (
            // The state in words, then a button saying what pressing it does: a toggle that read "Checked in" before anyone was misled a newcomer.
            <div className="staff-actions">
              <span className={p.checkedIn ? 'staff-badge staff-badge-ok' : 'staff-badge'}>
                {p.checkedIn && <span aria-hidden="true">✓ </span>}
                {p.checkedIn ? 'Checked in' : 'Not checked in'}
              </span>
              <button type="button" className={p.checkedIn ? 'button secondary' : 'button'} onClick={() => toggle(p)}>
                {p.checkedIn ? 'Undo check-in' : 'Check in'}
                <span className="visually-hidden"> {p.name}</span>
              </button>
              {/* Someone who has not paid is asked for it at the door: the amount, and the place's payment form a press away. */}
              {p.balanceCents > 0 && (
                <>
                  <span className="staff-badge staff-badge-due">{formatMoney(p.balanceCents)} due</span>
                  <RowAction row={` from ${p.name}`} onAct={() => setPaying(p.registrationId)}>
                    Take payment
                  </RowAction>
                </>
              )}
            </div>
          ) : (
            <span className="staff-muted">Not confirmed: settle the place first</span>
          )
        }
      />
      {paying && <RegistrationDetailPanel key={paying} registrationId={paying} onClose={() => setPaying(null)} />}
    </>
  )
}
