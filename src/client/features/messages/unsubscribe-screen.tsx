import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { siteConfig } from '../../site-config.ts'
import { useUnsubscribe } from './api/use-unsubscribe.ts'

/**
 * The page an unsubscribe link opens, without signing in. Opening it changes nothing (a mail
 * scanner following links must not unsubscribe anyone): the button does.
 */
export function UnsubscribeScreen({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe(token)
  return (
    <section className="page narrow">
      <h1>Unsubscribe</h1>
      {unsubscribe.data ? (
        <Alert tone="success">
          Done: {unsubscribe.data.address} will receive no more messages from {siteConfig.facilityName}’s staff. Receipts and other emails about your registrations still
          reach you.
        </Alert>
      ) : (
        <>
          <p>
            Stop receiving the messages {siteConfig.facilityName}’s staff write to the people of a league, a team, an academy or a camp at the address this link was
            sent to. Receipts, reminders and other emails about your own registrations still reach you.
          </p>
          {unsubscribe.error && <Alert>{errorMessage(unsubscribe.error)}</Alert>}
          <button type="button" className="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            Unsubscribe
          </button>
        </>
      )}
    </section>
  )
}
