import type { ReactNode } from 'react'

interface FilterSelectProps<V extends string> {
  id: string
  label: string
  value: V
  onChange(value: NoInfer<V>): void
  /** The `<option>`s, each value one of V. */
  children: ReactNode
  disabled?: boolean
}

/** A labelled choice above a staff table: what the table shows, or in which order. */
export function FilterSelect<V extends string>({ id, label, value, onChange, children, disabled }: FilterSelectProps<V>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)}>
        {children}
      </select>
    </div>
  )
}
