import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Alert } from '../../components/ui/alert.tsx'
import { useConfirm } from '../../components/ui/confirm-dialog.tsx'
import { errorMessage } from '../../lib/api.ts'
import { calendarLinkQuery, type CalendarOwner } from '../../queries/calendar.ts'
import { useRenewCalendarLink } from './api/use-renew-calendar-link.ts'

/** The feed's address on this origin, and the ways into calendar apps. */
function linksOf(path: string, name: string) {
  const https = `${window.location.origin}${path}`
  const webcal = https.replace(/^https?:/, 'webcal:')
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}&name=${encodeURIComponent(name)}`,
  }
}

/**
 * "Add to calendar" (issue 33): a team's games or an academy's sessions in the person's own
 * calendar app, from the private feed link the server keeps for them. The link is asked for only
 * when the button is pressed, so a page view makes no link; it is shown on the address the page
 * is on (the server's own may be localhost when no PUBLIC_URL is set), as webcal: for Apple
 * Calendar and Outlook, through Google's and Outlook.com's own "add by URL" pages, and as text
 * to copy. Whoever manages the team (or an admin, for an academy) can make a new link.
 */
export function AddToCalendar({ owner, name, what, canRenew }: { owner: CalendarOwner; name: string; what: string; canRenew: boolean }) {
  const [open, setOpen] = useState(false)
  const [notice, setNotice] = useState('')
  const fieldId = useId()
  const link = useQuery({ ...calendarLinkQuery(owner), enabled: open })
  const renew = useRenewCalendarLink(owner)
  const confirm = useConfirm()
  const links = link.data && linksOf(link.data.path, name)

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      setNotice('The link is copied.')
    } catch {
      setNotice('This browser did not let the page copy: select the link and copy it.')
    }
  }

  return (
    <div className="add-to-calendar">
      <button type="button" className="button secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Add to calendar<span className="visually-hidden"> {name}</span>
      </button>
      {open && (
        <div className="add-to-calendar-panel">
          {link.error && <Alert>{errorMessage(link.error)}</Alert>}
          {!links && !link.error && <p className="loading">Making your calendar link…</p>}
          {links && (
            <>
              <p>
                {what} appear in your calendar app and stay up to date when they change. The link is private: anyone who has it sees them.
              </p>
              <ul className="add-to-calendar-apps">
                <li>
                  <a href={links.webcal}>Apple Calendar or Outlook on this device</a>
                </li>
                <li>
                  <a href={links.google} target="_blank" rel="noopener noreferrer">
                    Google Calendar
                  </a>
                </li>
                <li>
                  <a href={links.outlook} target="_blank" rel="noopener noreferrer">
                    Outlook.com
                  </a>
                </li>
              </ul>
              <div className="field">
                <label htmlFor={fieldId}>Calendar link</label>
                <input id={fieldId} type="text" readOnly value={links.https} onFocus={(e) => e.target.select()} />
              </div>
              <div className="staff-actions">
                <button type="button" className="button" onClick={() => void copy(links.https)}>
                  Copy calendar link
                </button>
                {canRenew && (
                  <button
                    type="button"
                    className="button secondary"
                    disabled={renew.isPending}
                    onClick={() => confirm.ask({ question: 'Make a new calendar link? The current one will stop working for everyone subscribed to it.', confirmLabel: 'Make a new link', onConfirm: () => renew.mutate(undefined, { onSuccess: () => setNotice('A new link is ready, and the old one no longer works: calendars subscribed to it must add the new one.') }) })}
                  >
                    {renew.isPending ? 'Making a new link…' : 'Make a new calendar link'}
                  </button>
                )}
                {confirm.dialog}
              </div>
              {renew.error && <Alert>{errorMessage(renew.error)}</Alert>}
            </>
          )}
          <div role="status">{notice}</div>
        </div>
      )}
    </div>
  )
}
