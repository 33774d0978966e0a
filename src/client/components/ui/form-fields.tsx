import type { FieldProps } from '../../lib/use-form.ts'
import { describedBy, FieldError, FieldHint, FieldShell } from './field-shell.tsx'

/* Staff forms' own controls (leagues, academies), with the markup of every field (field-shell.tsx). */

interface ShellProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  hint?: string | undefined
}

/** A whole number, or dollars and cents with `decimal`: typed as text, with the phone's number pad. */
export function NumberField<K extends string>({ label, field, error, hint, decimal = false }: ShellProps<K> & { decimal?: boolean }) {
  return (
    <FieldShell label={label} field={field} error={error} hint={hint}>
      {(ids) => (
        <input
          id={field.name}
          type="text"
          inputMode={decimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          {...field}
          aria-describedby={ids}
          onChange={(e) => field.onChange(e)}
        />
      )}
    </FieldShell>
  )
}

/** A yes/no field whose form value is the text `true` or `false`, as the form rules expect. */
export function CheckboxField<K extends string>({ label, field, error, hint }: ShellProps<K>) {
  const { value, onChange, ...rest } = field
  return (
    <div className="field staff-checkbox">
      <div>
        <input
          id={field.name}
          type="checkbox"
          {...rest}
          checked={value === 'true'}
          aria-describedby={describedBy(field, hint)}
          onChange={(e) => onChange({ target: { value: e.target.checked ? 'true' : 'false' } })}
        />
        <label htmlFor={field.name}>{label}</label>
      </div>
      <FieldHint field={field} hint={hint} />
      <FieldError field={field} error={error} />
    </div>
  )
}
