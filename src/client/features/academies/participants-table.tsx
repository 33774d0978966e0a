import { useState } from 'react'
import type { AcademyParticipant, AcademyParticipants, AdminAcademy } from '../../../shared/contracts/academies.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { CancelPlace, participantColumns, placeCancelledText, useRefunds } from '../offerings/participant-columns.tsx'
import { useCancelParticipant } from './api/use-cancel-participant.ts'
import { useMoveParticipant } from './api/use-move-participant.ts'

interface TableProps {
  academy: AcademyParticipants['academy']
  participants: AcademyParticipant[]
  /** The open academies a participant may be moved to. */
  others: AdminAcademy[]
  onDone(news: string): void
}

const full = (a: AdminAcademy) => a.capacity !== null && a.placesTaken >= a.capacity

/** An academy's participants, one row each, with the staff's move and cancel at the end of the row. */
export function ParticipantsTable({ academy, participants, others, onDone }: TableProps) {
  const move = useMoveParticipant()
  const cancel = useCancelParticipant()
  const refunds = useRefunds()
  const busy = move.isPending || cancel.isPending
  const moveTo = (p: AcademyParticipant, to: AdminAcademy) => {
    cancel.reset()
    move.mutate({ registrationId: p.registrationId, academyId: to.id }, { onSuccess: () => onDone(`${p.name} moved to ${to.name}; what was paid moved with the place.`) })
  }
  const cancelPlace = (p: AcademyParticipant) => {
    move.reset()
    cancel.mutate({ registrationId: p.registrationId, refund: refunds }, { onSuccess: () => onDone(placeCancelledText(p, academy.name, refunds)) })
  }
  const failure = move.error ?? cancel.error

  return (
    <>
      {failure && <Alert>{errorMessage(failure)}</Alert>}
      <StaffTable
        label={`Participants of ${academy.name}`}
        regionLabel={`${academy.name}: participants`}
        rows={participants}
        rowKey={(p) => p.registrationId}
        moreLabel={(p) => `More about ${p.name}`}
        columns={[...participantColumns<AcademyParticipant>(), { header: 'Attended', priority: 'wide', cell: (p) => p.attended }]}
        actions={(p) => (
          <div className="staff-actions staff-actions-stacked">
            {p.status === 'confirmed' && <MoveControl participant={p} others={others} busy={busy} onMove={(to) => moveTo(p, to)} />}
            <CancelPlace participant={p} programName={academy.name} refunds={refunds} disabled={busy} onCancel={() => cancelPlace(p)} />
          </div>
        )}
      />
    </>
  )
}

/** Another academy to choose (full ones shown, not chosen) and the button that moves. */
function MoveControl({ participant, others, busy, onMove }: { participant: AcademyParticipant; others: AdminAcademy[]; busy: boolean; onMove(to: AdminAcademy): void }) {
  const [academyId, setAcademyId] = useState('')
  const to = others.find((a) => a.id === academyId)
  const id = `move-${participant.registrationId}`
  if (others.length === 0) return <span className="staff-muted">No other open academy</span>
  return (
    <div className="staff-actions">
      <label className="visually-hidden" htmlFor={id}>
        Academy to move {participant.name} to
      </label>
      <select id={id} value={academyId} onChange={(e) => setAcademyId(e.target.value)}>
        <option value="">Move to…</option>
        {others.map((a) => (
          <option key={a.id} value={a.id} disabled={full(a)}>
            {a.name}
            {full(a) ? ' — full' : ''}
          </option>
        ))}
      </select>
      <RowAction row={` ${participant.name}`} disabled={!to || busy} onAct={() => to && onMove(to)}>
        Move
      </RowAction>
    </div>
  )
}
