import type { ReactNode } from 'react'
import type { FieldProps } from '../../lib/use-form.ts'

interface FieldShellProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  hint?: string | undefined
  /** Renders the control with the ids that tie it to its hint and error. */
  children(describedBy: string | undefined): ReactNode
}

/** Label, hint, control and error, tied together for assistive technology. */
export function FieldShell<K extends string>({ label, field, error, hint, children }: FieldShellProps<K>) {
  const hintId = hint ? `${field.name}-hint` : undefined
  const describedBy = [field['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={field.name}>{label}</label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children(describedBy)}
      {error && (
        <p className="field-error" id={`${field.name}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
