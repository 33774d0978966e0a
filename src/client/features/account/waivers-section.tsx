import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDate } from '../../../shared/format.ts'
import { participantKeyOf } from '../../../shared/schemas/registration.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { href } from '../../../shared/paths.ts'
import { errorMessage } from '../../lib/api.ts'
import type { mySignaturesQuery } from '../../queries/my-signatures.ts'

/** Whom the person signed each version for, by the query their page opens with (routes/account.tsx). */
export function WaiversSection({ signatures: query, childList }: { signatures: ReturnType<typeof mySignaturesQuery>; childList: Child[] | null }) {
  const { data, error } = useQuery(query)

  const signedFor = (childId: string | null): string => {
    if (childId === null) return 'Myself'
    const child = childList?.find((c) => c.id === childId)
    return child ? `${child.firstName} ${child.lastName}` : 'A child'
  }

  const signatures = data?.signatures
  return (
    <section className="account-panel" aria-labelledby="waivers-heading">
      <h2 id="waivers-heading">Waivers signed</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!signatures && !error && <p className="loading">Loading your waivers…</p>}
      {signatures && signatures.length === 0 && (
        <p>
          You have not signed the waiver yet. Everyone taking part must sign it before registering:{' '}
          <Link to={href('waiver')}>read and sign the waiver</Link>.
        </p>
      )}
      {signatures && signatures.length > 0 && (
        <ul className="account-list">
          {signatures.map((s) => (
            <li key={`${s.waiverVersion}-${participantKeyOf(s.childId)}`}>
              <strong>{signedFor(s.childId)}</strong>
              <span className="account-muted">
                {' '}
                — version {s.waiverVersion}, signed as {s.signedName} on {formatDate(s.signedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
