import type { AcademyParticipant } from '../../../shared/contracts/academies.ts'
import { formatMoney } from '../../../shared/money.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { RowAction } from '../../components/ui/row-action.tsx'
import type { StaffColumn } from '../../components/ui/staff-table.tsx'
import { useSession } from '../../lib/session.tsx'

/** What staff read of every participant of a program (an academy, a camp), whatever else its list shows. */
export type ParticipantRow = Omit<AcademyParticipant, 'attended'>

const photoText = (consent: boolean | null) => (consent === null ? 'not asked' : consent ? 'yes' : 'no')

/**
 * A program's participant columns, for the coach and the desk: who they are and their age, whom to
 * call, what to know of their health, the waiver and photos, and what they owe.
 */
export function participantColumns<Row extends ParticipantRow>(): StaffColumn<Row>[] {
  return [
    {
      header: 'Participant',
      rowHeader: true,
      cell: (p) => (
        <>
          {p.name}
          <br />
          <span className="staff-muted">
            {p.age === null ? 'Adult' : `Age ${p.age}`} · {STATUS_LABELS[p.status]}
          </span>
        </>
      ),
    },
    {
      // A child's guardian; an adult taking part is reached at their own number.
      header: 'Contact',
      cell: (p) => (
        <>
          {p.age === null ? 'Their own' : p.guardianName}
          {p.age !== null && <span className="staff-muted"> (guardian)</span>}
          <br />
          <span className="staff-muted staff-nowrap">{p.guardianPhone}</span>
        </>
      ),
    },
    {
      header: 'Emergency contact',
      priority: 'wide',
      cell: (p) => (
        <>
          {p.emergencyContactName ?? '—'}
          {p.emergencyContactPhone && (
            <>
              <br />
              <span className="staff-muted staff-nowrap">{p.emergencyContactPhone}</span>
            </>
          )}
        </>
      ),
    },
    { header: 'Medical notes', cell: (p) => p.medicalNotes ?? '—' },
    {
      header: 'Waiver and photos',
      priority: 'wide',
      cell: (p) => (
        <>
          {p.waiverSigned ? 'Signed' : 'Not signed'}
          <br />
          <span className="staff-muted">Photos: {photoText(p.photoConsent)}</span>
        </>
      ),
    },
    {
      header: 'Balance',
      className: 'staff-money',
      cell: (p) => (
        <>
          {formatMoney(p.balanceCents)}
          <br />
          <span className="staff-muted">
            paid {formatMoney(p.paidCents)} of {formatMoney(p.priceCents)}
          </span>
        </>
      ),
    },
  ]
}

/** What staff are asked before cancelling a participant's place: an admin records the refund (decision 0016), an employee leaves it to one. */
export function cancelPlaceQuestion(p: ParticipantRow, programName: string, refunds: boolean): string {
  const refund = p.paidCents > 0 && refunds ? ` and record a refund of ${formatMoney(p.paidCents)}` : ''
  const later = p.paidCents > 0 && !refunds ? ` An admin refunds the ${formatMoney(p.paidCents)} paid.` : ''
  return `Cancel ${p.name}’s place in ${programName}${refund}? The place goes to the first person on the waitlist.${later}`
}

/** What the status line says once a participant's place is cancelled. */
export function placeCancelledText(p: ParticipantRow, programName: string, refunds: boolean): string {
  const refund = p.paidCents <= 0 ? '' : refunds ? ` A refund of ${formatMoney(p.paidCents)} is recorded.` : ` ${formatMoney(p.paidCents)} paid stays recorded until an admin refunds it.`
  return `${p.name}’s place in ${programName} is cancelled.${refund}`
}

/** Whether staff's cancel gives the money back: only an admin's does (decision 0016); an employee's leaves the refund to one. */
export const useRefunds = (): boolean => useSession().user?.isAdmin === true

interface CancelPlaceProps {
  participant: ParticipantRow
  programName: string
  refunds: boolean
  disabled: boolean
  onCancel(): void
}

/** A participant's cancel at the end of their row, asked first. */
export function CancelPlace({ participant, programName, refunds, disabled, onCancel }: CancelPlaceProps) {
  return (
    <RowAction row={` ${participant.name}`} className="button staff-danger" disabled={disabled} question={cancelPlaceQuestion(participant, programName, refunds)} onAct={onCancel}>
      {refunds ? 'Cancel and refund' : 'Cancel'}
    </RowAction>
  )
}
