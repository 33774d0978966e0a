import { PAY_AT_SIGN_UP_CHOICES } from '../../../shared/schemas/payments.ts'
import { SelectField } from '../../components/ui/select-field.tsx'
import type { FieldProps } from '../../lib/use-form.ts'

/** When a league's or an academy's places are paid (issue 24): later, or at sign-up while the place is held. */
export function PaymentField<K extends string>({ field, error }: { field: FieldProps<K>; error: string | undefined }) {
  return (
    <SelectField label="Payment" field={field} error={error}>
      {PAY_AT_SIGN_UP_CHOICES.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  )
}
