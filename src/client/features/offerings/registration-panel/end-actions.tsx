import { useEffect, useRef, useState } from 'react'
import { formatMoney } from '../../../../shared/money.ts'
import { HOLDS_PLACE } from '../../../../shared/schemas/registration.ts'
import type { RegistrationView } from '../../../../shared/contracts/registrations.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { useSession } from '../../../lib/session.tsx'
import { useEndRegistration, type Ending } from './api/use-end-registration.ts'
import { messageOf, participantOf } from './panel-text.ts'

const ENDINGS: Record<Ending, { button: string; confirm: string; done: string }> = {
  decline: { button: 'Decline', confirm: 'Yes, decline', done: 'Declined' },
  cancel: { button: 'Cancel registration', confirm: 'Yes, cancel it', done: 'Cancelled' },
}

/** Decline and cancel, each behind a confirmation step that offers to record a refund. */
export function EndActions({ registration: r, onDone }: { registration: RegistrationView; onDone(message: string): void }) {
  // Only an admin gives money back (decision 0016).
  const refunds = useSession().user?.isAdmin === true
  const [confirming, setConfirming] = useState<Ending | null>(null)
  const [refund, setRefund] = useState(false)
  const endIt = useEndRegistration(r.id)
  const confirmButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (confirming) confirmButton.current?.focus()
  }, [confirming])

  const end = (ending: Ending) => {
    const withRefund = refund && r.paidCents > 0
    endIt.mutate(
      { ending, refund: withRefund },
      {
        onSuccess: () => {
          const refundText = withRefund ? ` A refund of ${formatMoney(r.paidCents)} was recorded.` : ''
          setConfirming(null)
          onDone(`${ENDINGS[ending].done} the registration of ${participantOf(r)} for ${r.offering.name}.${refundText}`)
        },
      },
    )
  }

  if (!confirming) {
    return (
      <div className="staff-actions">
        {(['decline', 'cancel'] as const).map((ending) => (
          <button
            key={ending}
            type="button"
            className="button secondary"
            onClick={() => {
              setRefund(false)
              setConfirming(ending)
            }}
          >
            {ENDINGS[ending].button}
          </button>
        ))}
      </div>
    )
  }

  const what = confirming === 'decline' ? 'Decline' : 'Cancel'
  return (
    <div className="staff-confirm" role="group" aria-label={`${what} this registration`}>
      {endIt.error && <Alert>{messageOf(endIt.error)}</Alert>}
      <p>
        {what} the registration of {participantOf(r)} for {r.offering.name}?{' '}
        {HOLDS_PLACE.includes(r.status) ? 'The place goes to the next person on the waitlist.' : 'They leave the waitlist.'}{' '}
        An email tells them.
        {r.offering.details.kind === 'team-place' &&
          ` ${r.offering.details.team.name} is withdrawn with it: every player’s place on its roster ends and each player is told${r.paidCents > 0 ? '; a refund recorded here also refunds what the players paid' : ''}.`}
      </p>
      {r.paidCents > 0 && !refunds && <p>{formatMoney(r.paidCents)} paid stays recorded: an admin refunds it.</p>}
      {r.paidCents > 0 && refunds && (
        <div className="field staff-checkbox">
          <div>
            <input id="end-refund" type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
            <label htmlFor="end-refund">Record a refund of {formatMoney(r.paidCents)}</label>
          </div>
        </div>
      )}
      <div className="staff-actions">
        <button ref={confirmButton} type="button" className="button staff-danger" disabled={endIt.isPending} onClick={() => end(confirming)}>
          {ENDINGS[confirming].confirm}
        </button>
        <button type="button" className="button secondary" disabled={endIt.isPending} onClick={() => setConfirming(null)}>
          Keep it
        </button>
      </div>
    </div>
  )
}
