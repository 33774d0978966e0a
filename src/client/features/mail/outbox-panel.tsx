import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDate } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { outboxQuery } from '../../queries/outbox.ts'
import type { OutboxStatus } from '../../../shared/contracts/mail.ts'

const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  logged: 'Kept here (no mail server)',
  failed: 'Failed',
}

/** Every email the site sent or kept, newest first, so staff can see none was dropped. */
export function OutboxPanel() {
  const [page, setPage] = useState(1)
  // The page shown stays until the next one arrives.
  const { data, error: failure } = useQuery({ ...outboxQuery(page), placeholderData: keepPreviousData })
  const result = data ?? null
  const error = errorMessage(failure)

  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1

  return (
    <section aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Email outbox</h2>
      {error && <Alert>{error}</Alert>}
      {result === null && !error && <p className="loading">Loading emails…</p>}
      {result && (
        <>
          <p aria-live="polite">
            {result.total === 0
              ? 'No emails yet.'
              : `Showing ${(result.page - 1) * result.pageSize + 1}–${Math.min(result.total, result.page * result.pageSize)} of ${result.total} emails.`}
          </p>
          {result.emails.length > 0 && (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">To</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Status</th>
                    <th scope="col">Created</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last error</th>
                  </tr>
                </thead>
                <tbody>
                  {result.emails.map((email) => (
                    <tr key={email.id}>
                      <td>{email.to}</td>
                      <td>
                        <details>
                          <summary>{email.subject}</summary>
                          <pre>{email.text}</pre>
                        </details>
                      </td>
                      <td>{STATUS_LABELS[email.status]}</td>
                      <td>{formatDate(email.createdAt)}</td>
                      <td>{email.attempts}</td>
                      <td>{email.lastError ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
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
        </>
      )}
    </section>
  )
}
