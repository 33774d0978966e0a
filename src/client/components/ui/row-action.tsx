import type { ReactNode } from 'react'

interface RowActionProps {
  /** What the button does, as shown. */
  children: ReactNode
  /** The rest of its name, read only by a screen reader: which row it acts on. */
  row: string
  onAct(): void
  /** Asked before acting; Cancel does nothing. */
  question?: string
  disabled?: boolean
  className?: string
  id?: string
}

/** A button at the end of a staff table's row: named after its row, held while a change is under way, asking first when it cannot be undone. */
export function RowAction({ children, row, onAct, question, disabled, className = 'button secondary', id }: RowActionProps) {
  return (
    <button
      id={id}
      type="button"
      className={className}
      disabled={disabled}
      onClick={() => {
        if (question === undefined || window.confirm(question)) onAct()
      }}
    >
      {children}
      <span className="visually-hidden">{row}</span>
    </button>
  )
}
