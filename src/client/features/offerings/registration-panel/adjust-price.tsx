import type { RegistrationView } from '../../../../shared/contracts/registrations.ts'
import { formatMoney } from '../../../../shared/money.ts'
import { AdjustmentForm } from '../../../../shared/schemas/payments.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { prefixedField, useForm } from '../../../lib/use-form.ts'
import { useAdjustPrice } from './api/use-adjust-price.ts'

/** A credit or a scholarship off what a place still asks, with the reason its history keeps (issue 24). */
export function AdjustPrice({ registration: r, onDone }: { registration: RegistrationView; onDone(message: string): void }) {
  const form = useForm(AdjustmentForm, { amount: '', reason: '' })
  const adjust = useAdjustPrice(r.id)
  const submit = form.handleSubmit(async (values) => {
    try {
      const { registration: after } = await adjust.mutateAsync(values)
      onDone(`Took ${formatMoney(r.priceCents - after.priceCents)} off (${values.reason}). ${after.balanceCents <= 0 ? 'Nothing is due now.' : `${formatMoney(after.balanceCents)} still due.`}`)
    } catch (error) {
      form.setServerErrors(error instanceof ApiError ? error.fields : {}, error instanceof ApiError ? error.message : 'Something went wrong. Please try again.')
    }
  })
  return (
    <form onSubmit={submit} noValidate aria-label="Adjust the price">
      {form.message && <Alert>{form.message}</Alert>}
      <div className="staff-form-grid">
        <TextField label="Take off (dollars)" field={prefixedField('adjust', form.field('amount'))} error={form.errors.amount} hint={`Still due ${formatMoney(r.balanceCents)}`} />
        <TextField label={AdjustmentForm.reason.label} field={prefixedField('adjust', form.field('reason'))} error={form.errors.reason} hint="A credit or a scholarship: shown on the receipt" />
      </div>
      <button type="submit" className="button secondary" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Adjusting…' : 'Adjust the price'}
      </button>
    </form>
  )
}
