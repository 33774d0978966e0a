import { useState } from 'react'
import { formatMoney } from '../../../../shared/money.ts'
import { owedAtDesk } from '../../../../shared/payment-plan.ts'
import type { RegistrationView } from '../../../../shared/contracts/registrations.ts'
import { DESK_METHODS, DeskPaymentForm, PAYMENT_METHOD_LABELS } from '../../../../shared/schemas/payments.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { facilityDayNow } from '../../../lib/facility-day.ts'
import { prefixedField, useForm } from '../../../lib/use-form.ts'
import { useRecordDeskPayment } from './api/use-record-desk-payment.ts'
import { messageOf, participantOf } from './panel-text.ts'

/** What the extras bought on the place's order still ask: a desk payment from this panel pays them after the place. */
export function extrasOpenOf(detail: { extras: readonly { amountDueCents: number; paidCents: number }[] }): number {
  return detail.extras.reduce((sum, extra) => sum + Math.max(extra.amountDueCents - extra.paidCents, 0), 0)
}

/** A payment taken at the desk (cash, check, the card terminal), starting at what is due now. */
export function DeskPayment({ registration: r, extrasOpenCents, onDone }: { registration: RegistrationView; extrasOpenCents: number; onDone(message: string): void }) {
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

  const field = (name: 'amount' | 'method' | 'reference') => prefixedField('desk-payment', form.field(name))
  const method = field('method')
  return (
    <form onSubmit={submit} noValidate>
      {form.message && <Alert>{form.message}</Alert>}
      <div className="staff-form-grid">
        <TextField label="Amount (dollars)" field={field('amount')} error={form.errors.amount} hint={extrasOpenCents > 0 ? `${balance}; and ${formatMoney(extrasOpenCents)} for the extras on its order` : balance} />
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
        <TextField label={DeskPaymentForm.reference.label} field={field('reference')} error={form.errors.reference} hint="Check or receipt number" />
      </div>
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Recording…' : 'Record payment'}
      </button>
    </form>
  )
}
