import type { FieldProps } from '../../lib/use-form.ts'

interface TextFieldProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'date' | 'url'
  autoComplete?: string
  hint?: string
}

/** A labelled input with its error message, tied together for assistive technology. */
export function TextField<K extends string>({ label, field, error, type = 'text', autoComplete, hint }: TextFieldProps<K>) {
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
      <input
        id={field.name}
        type={type}
        autoComplete={autoComplete}
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
