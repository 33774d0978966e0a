import type { ReactNode } from 'react'
import { useConfirm } from './confirm-dialog.tsx'

interface RowActionProps {
  /** What the button does, as shown. */
  children: ReactNode
  /** The rest of its name, read only by a screen reader: which row it acts on. */
  row: string
  onAct(): void
  /** Asked first in the site's dialog, whose button to go ahead says what this one says; going back does nothing. */
  question?: string
  disabled?: boolean
  className?: string
  id?: string
}

/** A button at the end of a staff table's row: named after its row, held while a change is under way, asking first when it cannot be undone. */
export function RowAction({ children, row, onAct, question, disabled, className = 'button secondary', id }: RowActionProps) {
  const confirm = useConfirm()
  return (
    <>
      <button
        id={id}
        type="button"
        className={className}
        disabled={disabled}
        onClick={() => {
          if (question === undefined) onAct()
          else confirm.ask({ question, confirmLabel: children, danger: className.includes('danger'), onConfirm: onAct })
        }}
      >
        {children}
        <span className="visually-hidden">{row}</span>
      </button>
      {confirm.dialog}
    </>
  )
}
