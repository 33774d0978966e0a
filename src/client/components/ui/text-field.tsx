import type { FieldProps } from '../../lib/use-form.ts'
import { FieldShell } from './field-shell.tsx'

interface TextFieldProps<K extends string> {
  label: string
  field: FieldProps<K>
  error: string | undefined
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'date' | 'time' | 'url'
  autoComplete?: string
  hint?: string
  /** Values the browser offers as the person types (a datalist); any other value is allowed too. */
  suggestions?: readonly string[]
}

/** A labelled input with its hint and error message. */
export function TextField<K extends string>({ label, field, error, type = 'text', autoComplete, hint, suggestions }: TextFieldProps<K>) {
  const listId = suggestions && suggestions.length > 0 ? `${field.name}-suggestions` : undefined
  return (
    <FieldShell label={label} field={field} error={error} hint={hint}>
      {(describedBy) => (
        <>
          <input
            id={field.name}
            type={type}
            autoComplete={autoComplete}
            list={listId}
            {...field}
            aria-describedby={describedBy}
            onChange={(e) => field.onChange(e)}
          />
          {listId && (
            <datalist id={listId}>
              {suggestions!.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          )}
        </>
      )}
    </FieldShell>
  )
}
