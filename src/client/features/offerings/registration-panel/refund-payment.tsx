import { useState } from 'react'
import type { Payment, ReceiptExtra } from '../../../../shared/contracts/registrations.ts'
import { formatDateTime } from '../../../../shared/format.ts'
import { formatMoney } from '../../../../shared/money.ts'
import { moneyMoveLabel, RefundForm } from '../../../../shared/schemas/payments.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { prefixedField, useForm } from '../../../lib/use-form.ts'
import { siteConfig } from '../../../site-config.ts'
import { useRefundPayment } from './api/use-refund-payment.ts'

/** What a refund may be given for: the registration's place, or an extra bought on its order, with the payments that paid it. */
interface Target {
  lineId: string
  label: string
  payments: Payment[]
}

/**
 * Gives back all or part of one payment (issue 24): through Stripe for one made online (shown
 * pending until Stripe confirms it), recorded as given for one taken at the desk. The money comes
 * back from what the payment gave the registration's place, or an extra of its order (a family's
 * payment may have paid two children's places and a jersey); the server refuses more than that.
 * Part of a fee given back lowers the price with it, in the same step (issue 30).
 */
export function RefundPayment({ payments, extras, onDone }: { payments: readonly Payment[]; extras: readonly ReceiptExtra[]; onDone(message: string): void }) {
  const paidFor = (moves: readonly Payment[]) => moves.filter((p) => p.move === 'payment')
  const place = paidFor(payments)
  const targets: Target[] = [
    ...(place.length > 0 ? [{ lineId: place[0]!.lineId, label: 'This registration', payments: place }] : []),
    ...extras.filter((extra) => paidFor(extra.payments).length > 0).map((extra) => ({ lineId: extra.lineId, label: extra.description, payments: paidFor(extra.payments) })),
  ]
  const [lineId, setLineId] = useState(targets[0]?.lineId ?? '')
  const target = targets.find((t) => t.lineId === lineId) ?? targets[0]
  const [paymentId, setPaymentId] = useState(target?.payments[0]?.id ?? '')
  const form = useForm(RefundForm, { amount: '', reason: '' })
  const refundOf = useRefundPayment()
  // Part of a fee given back (a missed week) lowers the price too; an overpayment given back leaves it.
  const [lowerPrice, setLowerPrice] = useState(true)
  if (!target) return null
  const chosen = target.payments.find((p) => p.id === paymentId) ?? target.payments[0]!

  const submit = form.handleSubmit(async (values) => {
    try {
      const { refund } = await refundOf.mutateAsync({ paymentId: chosen.id, ...values, lineId: target.lineId, lowerPrice })
      const lowered = lowerPrice ? ` The price is ${formatMoney(refund.amountCents)} lower.` : ''
      const told = siteConfig.sendsEmail ? ' The family is emailed.' : ' This site sends no email: the family’s email is kept on the Emails page.'
      onDone(
        refund.status === 'pending'
          ? `Asked Stripe to refund ${formatMoney(refund.amountCents)}: it shows as pending until Stripe confirms it.${lowered}${told}`
          : `Recorded a refund of ${formatMoney(refund.amountCents)}.${lowered}${told}`,
      )
    } catch (error) {
      form.setServerErrors(error instanceof ApiError ? error.fields : {}, error instanceof ApiError ? error.message : 'Something went wrong. Please try again.')
    }
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Refund a payment">
      {form.message && <Alert>{form.message}</Alert>}
      <div className="staff-form-grid">
        {targets.length > 1 && (
          <div className="field">
            <label htmlFor="refund-for">For</label>
            <select
              id="refund-for"
              value={target.lineId}
              onChange={(event) => {
                setLineId(event.target.value)
                setPaymentId(targets.find((t) => t.lineId === event.target.value)?.payments[0]?.id ?? '')
              }}
            >
              {targets.map((t) => (
                <option key={t.lineId} value={t.lineId}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="refund-payment">Payment</label>
          <select id="refund-payment" value={chosen.id} onChange={(event) => setPaymentId(event.target.value)}>
            {target.payments.map((p) => (
              <option key={p.id} value={p.id}>
                {`${moneyMoveLabel(p)}, ${formatMoney(p.amountCents)}${p.refundableCents === p.amountCents ? '' : ` (${formatMoney(p.refundableCents ?? 0)} left)`}, ${formatDateTime(p.recordedAt)}`}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Refund (dollars)" field={prefixedField('refund', form.field('amount'))} error={form.errors.amount} hint={chosen.refundableCents === chosen.amountCents ? `Paid ${formatMoney(chosen.amountCents)}` : `Paid ${formatMoney(chosen.amountCents)}, ${formatMoney(chosen.refundableCents ?? 0)} left to refund`} />
        <TextField label={RefundForm.reason.label} field={prefixedField('refund', form.field('reason'))} error={form.errors.reason} hint="Shown on the receipt" />
      </div>
      <fieldset className="field staff-choice">
        <legend>What the refund is</legend>
        <div>
          <input id="refund-lower" type="radio" name="refund-kind" checked={lowerPrice} onChange={() => setLowerPrice(true)} />
          <label htmlFor="refund-lower">Part of the fee given back: refund and lower the price (nothing more is owed)</label>
        </div>
        <div>
          <input id="refund-over" type="radio" name="refund-kind" checked={!lowerPrice} onChange={() => setLowerPrice(false)} />
          <label htmlFor="refund-over">Money paid over the price given back: the price stays</label>
        </div>
      </fieldset>
      <button type="submit" className="button secondary" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Refunding…' : 'Refund'}
      </button>
    </form>
  )
}
