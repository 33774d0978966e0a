import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { unsubscribeQuery } from '../../queries/unsubscribe.ts'
import { siteConfig } from '../../site-config.ts'
import { useUnsubscribe } from './api/use-unsubscribe.ts'

/**
 * The page an unsubscribe link opens, without signing in. Opening it only reads whose link it is
 * (a mail scanner following links must not unsubscribe anyone): the button unsubscribes. A link
 * the site did not make, or no longer knows, is a page of its own saying so.
 */
export function UnsubscribeScreen({ token, link: opening }: { token: string; link: ReturnType<typeof unsubscribeQuery> }) {
  const link = useQuery(opening)
  const unsubscribe = useUnsubscribe(token)
  if (link.error instanceof ApiError && link.error.status === 404) return <UnknownLink message={link.error.message} />
  return (
    <section className="page narrow">
      <h1>Unsubscribe</h1>
      {link.error && <Alert>{errorMessage(link.error)}</Alert>}
      {!link.data && !link.error && <p className="loading">Reading the link…</p>}
      {link.data &&
        (unsubscribe.data ? (
          <Alert tone="success">
            Done: {unsubscribe.data.address} will receive no more messages from {siteConfig.facilityName}’s staff. Receipts and other emails about your registrations still
            reach you.
          </Alert>
        ) : (
          <>
            <p>
              Stop receiving the messages {siteConfig.facilityName}’s staff write to the people of a league, a team, an academy or a camp at {link.data.address}. Receipts,
              reminders and other emails about your own registrations still reach you.
            </p>
            {unsubscribe.error && <Alert>{errorMessage(unsubscribe.error)}</Alert>}
            <button type="button" className="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              Unsubscribe
            </button>
          </>
        ))}
    </section>
  )
}

/** An unsubscribe link that is not one of ours (changed, cut, made up, or made before the links changed in migration 0044). */
function UnknownLink({ message }: { message: string }) {
  useEffect(() => {
    document.title = `Link Not Found | ${siteConfig.facilityName}`
  }, [])
  return (
    <section className="page narrow not-found">
      <h1>Link Not Found</h1>
      <p>{message}</p>
      <p>
        <Link to={href('home')}>Return to Home</Link>
      </p>
    </section>
  )
}
