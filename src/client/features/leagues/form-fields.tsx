import type { ReactNode } from 'react'
import type { FieldProps } from '../../lib/use-form.ts'

/*
 * The league form's other controls, with TextField's markup: a label, an optional hint and the
 * error, tied to the control by ids so assistive technology reads them together.
 */

interface ShellProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  hint?: string | undefined
}

function describedBy<K extends string>(field: FieldProps<K>, hint: string | undefined): string | undefined {
  return [field['aria-describedby'], hint ? `${field.name}-hint` : undefined].filter(Boolean).join(' ') || undefined
}

function Hint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p className="field-hint" id={id}>
      {hint}
    </p>
  ) : null
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null
}

export function SelectField<K extends string>({ label, field, error, hint, children }: ShellProps<K> & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.name}>{label}</label>
      <Hint id={`${field.name}-hint`} hint={hint} />
      <select id={field.name} {...field} aria-describedby={describedBy(field, hint)} onChange={(e) => field.onChange(e)}>
        {children}
      </select>
      <FieldError id={`${field.name}-error`} error={error} />
    </div>
  )
}

export function TextAreaField<K extends string>({ label, field, error, hint }: ShellProps<K>) {
  return (
    <div className="field">
      <label htmlFor={field.name}>{label}</label>
      <Hint id={`${field.name}-hint`} hint={hint} />
      <textarea id={field.name} rows={3} {...field} aria-describedby={describedBy(field, hint)} onChange={(e) => field.onChange(e)} />
      <FieldError id={`${field.name}-error`} error={error} />
    </div>
  )
}

/** A whole number, or dollars and cents with `decimal`: typed as text, with the phone's number pad. */
export function NumberField<K extends string>({ label, field, error, hint, decimal = false }: ShellProps<K> & { decimal?: boolean }) {
  return (
    <div className="field">
      <label htmlFor={field.name}>{label}</label>
      <Hint id={`${field.name}-hint`} hint={hint} />
      <input
        id={field.name}
        type="text"
        inputMode={decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        {...field}
        aria-describedby={describedBy(field, hint)}
        onChange={(e) => field.onChange(e)}
      />
      <FieldError id={`${field.name}-error`} error={error} />
    </div>
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
      <Hint id={`${field.name}-hint`} hint={hint} />
      <FieldError id={`${field.name}-error`} error={error} />
    </div>
  )
}
