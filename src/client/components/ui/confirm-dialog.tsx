import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'

export interface ConfirmRequest {
  /** What is asked, as `window.confirm` took it: the first sentence (to its `?`) is the dialog's title, the rest explains. */
  question: string
  /** The button that goes ahead, named after what it does ("Withdraw the team"), never "OK". */
  confirmLabel: ReactNode
  /** The button that changes nothing; it has the focus when the dialog opens. */
  cancelLabel?: string
  /** Red, for what cannot be undone (cancelling a place, a refund). */
  danger?: boolean
  onConfirm(): void
}

/**
 * Asks before an action, in the site's own dialog rather than the browser's `confirm()`: a
 * native `<dialog>` opened with showModal (the page behind is inert, the focus stays inside),
 * titled by its question, with the focus on the safe button; Escape or that button closes it
 * and gives the focus back to what opened it.
 */
export function useConfirm(): { ask(request: ConfirmRequest): void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const ask = useCallback((next: ConfirmRequest) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setRequest(next)
  }, [])
  const close = (confirmed: boolean) => {
    setRequest(null)
    if (confirmed) request?.onConfirm()
    // Once the dialog is gone: back to the button that asked, if it is still there to take it.
    requestAnimationFrame(() => {
      if (opener.current?.isConnected && document.activeElement === document.body) opener.current.focus()
    })
  }
  const dialog = request && <ConfirmDialog {...request} onClose={close} />
  return { ask, dialog }
}

function ConfirmDialog({ question, confirmLabel, cancelLabel = 'Go back', danger, onClose }: ConfirmRequest & { onClose(confirmed: boolean): void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const safe = useRef<HTMLButtonElement>(null)
  const id = useId()
  const split = question.indexOf('? ')
  const title = split < 0 ? question : question.slice(0, split + 1)
  const detail = split < 0 ? '' : question.slice(split + 2).trim()

  useEffect(() => {
    const element = ref.current
    if (!element) return
    if (!element.open) element.showModal()
    safe.current?.focus()
    return () => element.close()
  }, [])

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={detail ? `${id}-detail` : undefined}
      onCancel={(e) => {
        // Escape: the dialog closes through the page's state, like the safe button.
        e.preventDefault()
        onClose(false)
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {detail && <p id={`${id}-detail`}>{detail}</p>}
      <div className="confirm-dialog-actions">
        <button ref={safe} type="button" className="button secondary" onClick={() => onClose(false)}>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'button staff-danger' : 'button'} onClick={() => onClose(true)}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
