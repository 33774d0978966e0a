import type { FieldProps } from '../lib/use-form.ts'

/** The box that says the waiver was read and agreed to; the form rule reads it as 'yes' (ticked) or '' (not ticked). */
export function WaiverAgreement<K extends string>({ field, error, label }: { field: FieldProps<K>; error: string | undefined; label: string }) {
  return (
    <>
      <div className="waiver-agree">
        <input
          id={field.name}
          name={field.name}
          type="checkbox"
          checked={field.value === 'yes'}
          onChange={(e) => field.onChange({ target: { value: e.target.checked ? 'yes' : '' } })}
          onBlur={field.onBlur}
          aria-invalid={field['aria-invalid']}
          aria-describedby={field['aria-describedby']}
        />
        <label htmlFor={field.name}>{label}</label>
      </div>
      {error && (
        <p className="field-error waiver-agree-error" id={`${field.name}-error`}>
          {error}
        </p>
      )}
    </>
  )
}
