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

/** The ids of the error (when shown) and the hint, for the control's aria-describedby. */
export function describedBy<K extends string>(field: FieldProps<K>, hint: string | undefined): string | undefined {
  return [field['aria-describedby'], hint ? `${field.name}-hint` : undefined].filter(Boolean).join(' ') || undefined
}

export function FieldHint<K extends string>({ field, hint }: { field: FieldProps<K>; hint: string | undefined }) {
  return hint ? (
    <p className="field-hint" id={`${field.name}-hint`}>
      {hint}
    </p>
  ) : null
}

export function FieldError<K extends string>({ field, error }: { field: FieldProps<K>; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={`${field.name}-error`}>
      {error}
    </p>
  ) : null
}

/** Label, hint, control and error, tied together for assistive technology. */
export function FieldShell<K extends string>({ label, field, error, hint, children }: FieldShellProps<K>) {
  return (
    <div className="field">
      <label htmlFor={field.name}>{label}</label>
      <FieldHint field={field} hint={hint} />
      {children(describedBy(field, hint))}
      <FieldError field={field} error={error} />
    </div>
  )
}
