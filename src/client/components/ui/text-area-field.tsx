import type { FieldProps } from '../../lib/use-form.ts'

interface TextAreaFieldProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  hint?: string
  rows?: number
}

/**
 * TextField's multi-line twin, with the same label, hint and error wiring. It lives here
 * because components/ui belongs to another change; the sign-up feature borrows it for notes.
 */
export function TextAreaField<K extends string>({ label, field, error, hint, rows = 4 }: TextAreaFieldProps<K>) {
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
      <textarea
        id={field.name}
        className="waiver-textarea"
        rows={rows}
        {...field}
        aria-describedby={describedBy}
        onChange={(e) => field.onChange(e)}
      />
      {error && (
        <p className="field-error" id={`${field.name}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
