import type { FieldProps } from '../../lib/use-form.ts'
import { FieldShell } from './field-shell.tsx'

interface TextFieldProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'date' | 'time' | 'url'
  autoComplete?: string
  hint?: string
}

/** A labelled input with its hint and error message. */
export function TextField<K extends string>({ label, field, error, type = 'text', autoComplete, hint }: TextFieldProps<K>) {
  return (
    <FieldShell label={label} field={field} error={error} hint={hint}>
      {(describedBy) => (
        <input
          id={field.name}
          type={type}
          autoComplete={autoComplete}
          {...field}
          aria-describedby={describedBy}
          onChange={(e) => field.onChange(e)}
        />
      )}
    </FieldShell>
  )
}
