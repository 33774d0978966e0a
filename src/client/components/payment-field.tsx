import { PAY_AT_SIGN_UP_CHOICES } from '../../shared/schemas/payments.ts'
import { SelectField } from './ui/select-field.tsx'
import type { FieldProps } from '../lib/use-form.ts'
import { siteConfig } from '../site-config.ts'

/** Without Stripe's keys nothing is paid online, so a place is never held for payment: the engine confirms it (pay-at-sign-up.ts). */
export const PAYS_LATER_WITHOUT_STRIPE = 'Online payment is not set up (no Stripe keys), so “pay at sign-up” acts as pay later: places are confirmed at once and paid at the front desk.'

/** When a league's or an academy's places are paid (issue 24): later, or at sign-up while the place is held. */
export function PaymentField<K extends string>({ field, error }: { field: FieldProps<K>; error: string | undefined }) {
  const inert = !siteConfig.paysOnline && field.value === 'true'
  return (
    <SelectField label="Payment" field={field} error={error} hint={inert ? PAYS_LATER_WITHOUT_STRIPE : undefined}>
      {PAY_AT_SIGN_UP_CHOICES.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  )
}
