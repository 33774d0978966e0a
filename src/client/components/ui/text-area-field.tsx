import type { FieldProps } from '../../lib/use-form.ts'
import { FieldShell } from './field-shell.tsx'

interface TextAreaFieldProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  hint?: string
  rows?: number
}

/** TextField's multi-line twin. */
export function TextAreaField<K extends string>({ label, field, error, hint, rows = 4 }: TextAreaFieldProps<K>) {
  return (
    <FieldShell label={label} field={field} error={error} hint={hint}>
      {(describedBy) => (
        <textarea
          id={field.name}
          rows={rows}
          {...field}
          aria-describedby={describedBy}
          onChange={(e) => field.onChange(e)}
        />
      )}
    </FieldShell>
  )
}
