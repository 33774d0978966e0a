import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { formatDate, formatDateTime } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { owedAtDesk } from '../../../shared/payment-plan.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { ACTIVE_STATUSES, CHARGED_STATUSES, HOLDS_PLACE, nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { RegistrationDetail, RegistrationView } from '../../../shared/contracts/registrations.ts'
import { DESK_METHODS, DeskPaymentForm, moneyMoveLabel, PAYMENT_METHOD_LABELS } from '../../../shared/schemas/payments.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { registrationDetailQuery } from '../../queries/registration-detail.ts'
import { useForm } from '../../lib/use-form.ts'
import { useSession } from '../../lib/session.tsx'
import { badgeClass, describeEntry } from './history.ts'
import { RecordHistory } from '../dashboard/record-history.tsx'
import { RefundPayment } from './refund-payment.tsx'
import { AdjustPrice } from './adjust-price.tsx'
import { useEndRegistration, type Ending } from './api/use-end-registration.ts'
import { useRecordDeskPayment } from './api/use-record-desk-payment.ts'
import { ReceiptActions } from '../receipts/receipt-actions.tsx'
import { facilityDayNow } from '../../lib/facility-day.ts'

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'
}

/** How many payments and refunds the panel shows, its extras' too: the refund form starts afresh when one is added. */
function moneyMovesOf(detail: RegistrationDetail): number {
  return detail.payments.length + detail.extras.reduce((n, extra) => n + extra.payments.length, 0)
}

function participantOf(r: RegistrationView): string {
  return r.child ? `${r.child.name} (child of ${r.registrantName})` : r.registrantName
}

interface DetailProps {
  registrationId: string
  onClose(): void
}

/** One registration for the front desk: payments, history, desk payment, decline and cancel. */
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
          <Facts registration={r} />
          <ReceiptActions registration={r} onAnswer={setOutcome} />
          <h3>Payments</h3>
          {data.payments.length === 0 ? (
            <p>No payments yet.</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Payments">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Recorded</th>
                    <th scope="col">Method</th>
                    <th scope="col">Reference</th>
                    <th scope="col" className="staff-money">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.payments.map((p) => (
                    <tr key={p.id}>
                      <td>{formatDateTime(p.recordedAt)}</td>
                      <td>{moneyMoveLabel(p)}</td>
                      <td>{p.reference ?? '—'}</td>
                      <td className="staff-money">{formatMoney(p.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.extras.length > 0 && (
            <>
              <h3>Extras on the same order</h3>
              <ul>
                {data.extras.map((extra) => (
                  <li key={extra.lineId}>
                    {extra.description}: {formatMoney(extra.amountDueCents)}, {formatMoney(extra.paidCents)} paid
                  </li>
                ))}
              </ul>
            </>
          )}
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
          <ol className="staff-history" aria-label="History">
            {data.history.map((entry, i) => (
              <li key={i}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {describeEntry(entry)}{' '}
                <span className="staff-muted">{entry.actorName ? `by ${entry.actorName}` : 'automatically'}</span>
              </li>
            ))}
          </ol>
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

function Facts({ registration: r }: { registration: RegistrationView }) {
  return (
    <dl className="staff-facts">
      <div>
        <dt>Registrant</dt>
        <dd>
          {r.registrantName}
          <br />
          <a href={`mailto:${r.registrantEmail}`}>{r.registrantEmail}</a>
        </dd>
      </div>
      <div>
        <dt>{OFFERING_KIND_WORDS[r.offering.kind].label}</dt>
        <dd>{r.offering.name}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <span className={badgeClass(r.status)}>{STATUS_LABELS[r.status]}</span>
          {r.waitlistPosition !== null && (
            <>
              <br />
              Number {r.waitlistPosition} of {r.waitlistSize}
            </>
          )}
          {r.status === 'offered' && r.offerExpiresAt && (
            <>
              <br />
              Claim by {formatDateTime(r.offerExpiresAt)}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Receipt number</dt>
        <dd>
          {r.receiptNumber}
        </dd>
      </div>
      <div>
        <dt>Registered</dt>
        <dd>{formatDate(r.createdAt)}</dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{formatMoney(r.priceCents)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{formatMoney(r.paidCents)}</dd>
      </div>
      <div>
        <dt>Balance</dt>
        <dd>
          {nothingDue(r) ?? (
            <>
              {formatMoney(r.balanceCents)}
              {r.balanceCents <= 0 && (
                <>
                  {' '}
                  <span className={badgeClass('confirmed')}>Paid</span>
                </>
              )}
            </>
          )}
        </dd>
      </div>
    </dl>
  )
}

/** What the extras bought on the place's order still ask: a desk payment from this panel pays them after the place. */
function extrasOpenOf(detail: { extras: readonly { amountDueCents: number; paidCents: number }[] }): number {
  return detail.extras.reduce((sum, extra) => sum + Math.max(extra.amountDueCents - extra.paidCents, 0), 0)
}

function DeskPayment({ registration: r, extrasOpenCents, onDone }: { registration: RegistrationView; extrasOpenCents: number; onDone(message: string): void }) {
  const [today] = useState(facilityDayNow)
  const place = owedAtDesk([r], today)
  // What is due now (under a payment plan, its deposit and the parts whose day is near), the extras with it; staff may take more, up to all of it.
  const dueNow = place.dueNowCents + extrasOpenCents
  const form = useForm(DeskPaymentForm, { amount: ((dueNow > 0 ? dueNow : place.owedCents + extrasOpenCents) / 100).toFixed(2), method: 'cash', reference: '' })
  const balance = `Balance ${formatMoney(r.balanceCents)}${place.plan ? ` by its payment plan, ${place.plan}` : ''}`
  const record = useRecordDeskPayment(r.id)

  const submit = form.handleSubmit(async (values) => {
    try {
      const { registration: after } = await record.mutateAsync(values)
      const paid = formatMoney(after.paidCents - r.paidCents)
      const left = after.balanceCents <= 0 ? 'Paid in full.' : `${formatMoney(after.balanceCents)} still due.`
      onDone(`Recorded a ${values.method} payment of ${paid} for ${participantOf(r)}. ${left}`)
    } catch (error) {
      form.setServerErrors(error instanceof ApiError ? error.fields : {}, messageOf(error))
    }
  })

  const method = form.field('method')
  return (
    <form onSubmit={submit} noValidate>
      {form.message && <Alert>{form.message}</Alert>}
      <div className="staff-form-grid">
        <TextField label="Amount (dollars)" field={form.field('amount')} error={form.errors.amount} hint={extrasOpenCents > 0 ? `${balance}; and ${formatMoney(extrasOpenCents)} for the extras on its order` : balance} />
        <div className="field">
          <label htmlFor={method.name}>{DeskPaymentForm.method.label}</label>
          <p className="field-hint" id={`${method.name}-hint`}>
            How it was paid
          </p>
          <select
            id={method.name}
            {...method}
            aria-describedby={[method['aria-describedby'], `${method.name}-hint`].filter(Boolean).join(' ')}
            onChange={(e) => method.onChange(e)}
          >
            {DESK_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
          {form.errors.method && (
            <p className="field-error" id={`${method.name}-error`}>
              {form.errors.method}
            </p>
          )}
        </div>
        <TextField label={DeskPaymentForm.reference.label} field={form.field('reference')} error={form.errors.reference} hint="Check or receipt number" />
      </div>
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Recording…' : 'Record payment'}
      </button>
    </form>
  )
}

const ENDINGS: Record<Ending, { button: string; confirm: string; done: string }> = {
  decline: { button: 'Decline', confirm: 'Yes, decline', done: 'Declined' },
  cancel: { button: 'Cancel registration', confirm: 'Yes, cancel it', done: 'Cancelled' },
}

/** Decline and cancel, each behind a confirmation step that offers to record a refund. */
function EndActions({ registration: r, onDone }: { registration: RegistrationView; onDone(message: string): void }) {
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
