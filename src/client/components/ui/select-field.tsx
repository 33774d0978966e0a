import type { ReactNode } from 'react'
import type { FieldProps } from '../../lib/use-form.ts'
import { FieldShell } from './field-shell.tsx'

interface SelectFieldProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  hint?: string
  /** The `<option>`s. */
  children: ReactNode
}

/** A labelled choice from a list, with its hint and error message. */
export function SelectField<K extends string>({ label, field, error, hint, children }: SelectFieldProps<K>) {
  return (
    <FieldShell label={label} field={field} error={error} hint={hint}>
      {(describedBy) => (
        <select id={field.name} {...field} aria-describedby={describedBy} onChange={(e) => field.onChange(e)}>
          {children}
        </select>
      )}
    </FieldShell>
  )
}
