import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Fragment, useDeferredValue, useEffect, useRef, useState } from 'react'
import { formatDateTime } from '../../../shared/format.ts'
import type { OutboxEmail, OutboxStatus } from '../../../shared/contracts/mail.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { outboxQuery } from '../../queries/outbox.ts'
import { siteConfig } from '../../site-config.ts'
import { splitAtWebAddresses } from '../../../shared/web-addresses.ts'

const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  logged: 'Kept here (no mail server)',
  failed: 'Failed',
}

const READER_HEADING = 'outbox-reader-heading'

/**
 * Every email the site sent or kept, newest first, read the way a development mail
 * catcher shows them — a list to pick from, and the email as it was written, links and all.
 */
export function OutboxScreen({ firstPage }: { firstPage: ReturnType<typeof outboxQuery> }) {
  const [page, setPage] = useState(1)
  const [typed, setTyped] = useState('')
  const search = useDeferredValue(typed.trim())
  const [openId, setOpenId] = useState<string | null>(null)
  // The page shown stays until the next one arrives.
  const { data: result, error } = useQuery({ ...(page === 1 && search === '' ? firstPage : outboxQuery(page, search)), placeholderData: keepPreviousData })
  const opened = result?.emails.find((e) => e.id === openId) ?? null
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1

  // Opening an email takes the focus to it, so a keyboard or screen reader user reads it next.
  const focusReader = useRef(false)
  useEffect(() => {
    if (!focusReader.current) return
    focusReader.current = false
    document.getElementById(READER_HEADING)?.focus()
  })

  return (
    <section className="page">
      <h1>Emails</h1>
      <p>
        {siteConfig.sendsEmail
          ? 'Every email the site has sent or is sending, newest first.'
          : 'Email is not set up on this site, so nothing leaves it: every email it would have sent is kept here, newest first, to read or pass on by hand.'}{' '}
        An email that carries a sign-in or password link shows only that it was sent.
      </p>
      <div className="field">
        <label htmlFor="outbox-search">Search by address or subject</label>
        <input
          id="outbox-search"
          type="search"
          autoComplete="off"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value)
            setPage(1)
          }}
        />
      </div>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!result && !error && <p className="loading">Loading emails…</p>}
      {result && (
        <>
          <p aria-live="polite">
            {result.total === 0
              ? search
                ? `No email matches “${search}”.`
                : 'No emails yet.'
              : `Showing ${(result.page - 1) * result.pageSize + 1}–${Math.min(result.total, result.page * result.pageSize)} of ${result.total} emails.`}
          </p>
          {result.emails.length > 0 && (
            <div className="mail-catcher">
              <ul className="mail-list" aria-label="Emails">
                {result.emails.map((email) => (
                  <li key={email.id}>
                    <button
                      type="button"
                      className="mail-item"
                      aria-current={email.id === openId ? 'true' : undefined}
                      onClick={() => {
                        setOpenId(email.id)
                        focusReader.current = true
                      }}
                    >
                      <span className="mail-subject">{email.subject}</span>
                      <span className="mail-meta">
                        {email.to} · {formatDateTime(email.createdAt)}
                      </span>
                      <span className={email.status === 'failed' ? 'staff-badge staff-badge-failed' : 'staff-badge'}>{STATUS_LABELS[email.status]}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {opened ? <EmailReader email={opened} /> : <p className="mail-reader mail-empty">Choose an email to read it.</p>}
            </div>
          )}
          {pages > 1 && (
            <nav className="pager" aria-label="Pages of emails">
              <button type="button" className="button secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </button>
              <span>
                Page {result.page} of {pages}
              </span>
              <button type="button" className="button secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

function EmailReader({ email }: { email: OutboxEmail }) {
  return (
    <article className="mail-reader" aria-labelledby={READER_HEADING}>
      <h2 id={READER_HEADING} tabIndex={-1}>
        {email.subject}
      </h2>
      <dl className="mail-headers">
        <div>
          <dt>From</dt>
          <dd>{siteConfig.facilityName}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{email.to}</dd>
        </div>
        <div>
          <dt>Written</dt>
          <dd>{formatDateTime(email.createdAt)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {STATUS_LABELS[email.status]}
            {email.sentAt && `, ${formatDateTime(email.sentAt)}`}
            {email.attempts > 1 && ` after ${email.attempts} attempts`}
            {email.lastError && ` — last error: ${email.lastError}`}
          </dd>
        </div>
      </dl>
      <div className="mail-body">
        <WithLinks text={email.text} links={email.links} />
      </div>
    </article>
  )
}

/**
 * The email's plain text with the site's own web addresses as links, as a mail reader shows
 * them. Any other address came from text someone typed (a child's name), so it stays text:
 * a staff page never offers a customer's link to click.
 */
function WithLinks({ text, links }: { text: string; links: readonly string[] }) {
  return (
    <>
      {splitAtWebAddresses(text).map((part, i) =>
        i % 2 === 1 && links.includes(part) ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  )
}
