import { useId, useRef, useState } from 'react'
import { QrCode } from '../../components/ui/qr-code.tsx'

/**
 * A one-time link handed over at the counter (no mail server): read in a field, copied, or
 * scanned from its QR code with the customer's phone. `about` says what the link does and how
 * long it works. Give it a `key` of the link so a new link starts without "Copied".
 */
export function LinkHandover({ link, about }: { link: string; about: string }) {
  const fieldId = useId()
  const aboutId = useId()
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null)

  async function copy() {
    try {
      // Absent where the page is not on HTTPS or localhost (a desk opened by the machine's address).
      if (!navigator.clipboard) throw new Error('no clipboard here')
      await navigator.clipboard.writeText(link)
      setCopied('copied')
    } catch {
      field.current?.focus()
      field.current?.select()
      setCopied('selected')
    }
  }

  return (
    <div className="desk-link">
      <p id={aboutId}>{about}</p>
      <div className="field">
        <label htmlFor={fieldId}>Link for the customer</label>
        <input id={fieldId} ref={field} type="text" readOnly value={link} aria-describedby={aboutId} onFocus={(e) => e.target.select()} />
      </div>
      <div className="desk-link-actions">
        <button type="button" className="button secondary" onClick={() => void copy()}>
          Copy link
        </button>
        <p role="status" className="desk-link-status">
          {copied === 'copied' && 'Copied'}
          {copied === 'selected' && 'This browser does not allow copying here: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.'}
        </p>
      </div>
      <QrCode value={link} label="QR code of this link: the customer scans it with their phone’s camera to open it." />
    </div>
  )
}
