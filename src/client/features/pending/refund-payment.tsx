import { useState } from 'react'
import type { refundPayment } from '../../../shared/contracts/checkout.ts'
import type { Payment } from '../../../shared/contracts/registrations.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { moneyMoveLabel, RefundForm } from '../../../shared/schemas/payments.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { call } from '../../lib/endpoint.ts'
import { useForm } from '../../lib/use-form.ts'

/**
 * Gives back all or part of one payment of a registration (issue 24): through Stripe for one made
 * online (shown pending until Stripe confirms it), recorded as given for one taken at the desk.
 * The money comes back from this registration's part of the payment (a family's payment may have
 * paid two children's places), and the server refuses more than is left of that part.
 */
export function RefundPayment({ payments, onDone }: { payments: readonly Payment[]; onDone(message: string): void }) {
  const paid = payments.filter((p) => p.move === 'payment')
  const [paymentId, setPaymentId] = useState(paid[0]?.id ?? '')
  const form = useForm(RefundForm, { amount: '', reason: '' })
  const chosen = paid.find((p) => p.id === paymentId)
  if (paid.length === 0) return null

  const submit = form.handleSubmit(async (values) => {
    try {
      const { refund } = await call<typeof refundPayment>('POST', '/api/admin/payments/:paymentId/refunds', { params: { paymentId }, body: { ...values, lineId: chosen?.lineId } })
      onDone(
        refund.status === 'pending'
          ? `Asked Stripe to refund ${formatMoney(refund.amountCents)}: it shows as pending until Stripe confirms it.`
          : `Recorded a refund of ${formatMoney(refund.amountCents)}.`,
      )
    } catch (error) {
      form.setServerErrors(error instanceof ApiError ? error.fields : {}, error instanceof ApiError ? error.message : 'Something went wrong. Please try again.')
    }
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Refund a payment">
      {form.message && <Alert>{form.message}</Alert>}
      <div className="staff-form-grid">
        <div className="field">
          <label htmlFor="refund-payment">Payment</label>
          <select id="refund-payment" value={paymentId} onChange={(event) => setPaymentId(event.target.value)}>
            {paid.map((p) => (
              <option key={p.id} value={p.id}>
                {`${moneyMoveLabel(p)}, ${formatMoney(p.amountCents)}, ${formatDateTime(p.recordedAt)}`}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Refund (dollars)" field={form.field('amount')} error={form.errors.amount} hint={chosen ? `Paid ${formatMoney(chosen.amountCents)}` : undefined} />
        <TextField label={RefundForm.reason.label} field={form.field('reason')} error={form.errors.reason} hint="Shown on the receipt" />
      </div>
      <button type="submit" className="button secondary" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Refunding…' : 'Refund'}
      </button>
    </form>
  )
}
