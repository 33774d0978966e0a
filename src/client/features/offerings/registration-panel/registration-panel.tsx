import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { RegistrationDetail } from '../../../../shared/contracts/registrations.ts'
import { ACTIVE_STATUSES, CHARGED_STATUSES } from '../../../../shared/schemas/registration.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { errorMessage } from '../../../lib/api.ts'
import { useSession } from '../../../lib/session.tsx'
import { registrationDetailQuery } from '../../../queries/registration-detail.ts'
import { RecordHistory } from '../../../components/record-history.tsx'
import { AdjustPrice } from './adjust-price.tsx'
import { DeskPayment, extrasOpenOf } from './desk-payment.tsx'
import { EndActions } from './end-actions.tsx'
import { RegistrationFacts } from './facts.tsx'
import { RegistrationHistory } from './history-list.tsx'
import { participantOf } from './panel-text.ts'
import { RegistrationPayments } from './payments.tsx'
import { ReceiptActions } from './receipt-actions.tsx'
import { RefundPayment } from './refund-payment.tsx'

/** How many payments and refunds the panel shows, its extras' too: the refund form starts afresh when one is added. */
function moneyMovesOf(detail: RegistrationDetail): number {
  return detail.payments.length + detail.extras.reduce((n, extra) => n + extra.payments.length, 0)
}

interface DetailProps {
  registrationId: string
  onClose(): void
}

/**
 * One registration for staff, wherever they open it (Pending Registrations, the desk's customer
 * record, a team's roster, a drop-in's list): its facts and receipt, its money (payments, a
 * refund, a desk payment, an adjusted price), decline and cancel, and its history, each a part in
 * this folder writing through its hook in api/.
 */
export function RegistrationDetailPanel({ registrationId, onClose }: DetailProps) {
  const { data, error } = useQuery(registrationDetailQuery(registrationId))
  const [outcome, setOutcome] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const loaded = data !== undefined

  // Focus moves to the panel once it shows, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (loaded) heading.current?.focus()
  }, [loaded])

  const done = (message: string) => {
    setOutcome(message)
    // The button pressed may be gone with the new state; the heading keeps the reader's place.
    heading.current?.focus()
  }

  const r = data?.registration
  // Refunds and adjustments are the admins' (decision 0016): employees take payments at the desk.
  const { user } = useSession()
  return (
    <section className="staff-panel staff-detail" aria-labelledby="pending-detail-heading">
      <div className="staff-panel-head">
        <h2 id="pending-detail-heading" ref={heading} tabIndex={-1}>
          {r ? `${participantOf(r)} — ${r.offering.name}` : 'Registration'}
        </h2>
        <button type="button" className="button secondary" onClick={onClose}>
          Close details
        </button>
      </div>
      {/* Always present while the panel is open, so each outcome is announced as it is written in. */}
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!data && !error && <p className="loading">Loading the registration…</p>}
      {data && r && (
        <>
          <RegistrationFacts registration={r} />
          <ReceiptActions registration={r} onAnswer={setOutcome} />
          <RegistrationPayments detail={data} />
          {user?.isAdmin && [...data.payments, ...data.extras.flatMap((extra) => extra.payments)].some((p) => p.move === 'payment') && (
            <>
              <h3>Refund a payment</h3>
              <RefundPayment key={moneyMovesOf(data)} payments={data.payments} extras={data.extras} onDone={done} />
            </>
          )}
          {ACTIVE_STATUSES.includes(r.status) && (
            <>
              <h3>Record desk payment</h3>
              {!CHARGED_STATUSES.includes(r.status) ? (
                <p>Payments can be recorded once the place is theirs: {r.status === 'offered' ? 'claimed from their account' : 'confirmed or held for payment'}.</p>
              ) : r.balanceCents + extrasOpenOf(data) <= 0 ? (
                <p>Nothing is due: the registration is paid in full.</p>
              ) : (
                // Keyed by what was paid, so after a payment the amount starts at the new balance.
                <DeskPayment key={`${r.paidCents} ${extrasOpenOf(data)}`} registration={r} extrasOpenCents={extrasOpenOf(data)} onDone={done} />
              )}
              {user?.isAdmin && r.balanceCents > 0 && r.status !== 'waitlisted' && (
                <>
                  <h3>Adjust the price</h3>
                  <AdjustPrice key={r.priceCents} registration={r} onDone={done} />
                </>
              )}
              <h3>Decline or cancel</h3>
              <EndActions registration={r} onDone={done} />
            </>
          )}
          <h3>History</h3>
          <RegistrationHistory history={data.history} />
          {user?.isAdmin && (
            <>
              <h3>Changes by staff</h3>
              <RecordHistory kind="registration" id={r.id} />
            </>
          )}
        </>
      )}
    </section>
  )
}
