import { Link } from 'react-router'
import { formatDate } from '../../../shared/format.ts'
import type { Child } from '../../../shared/schemas/registration.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { href } from '../../paths.ts'
import { useApiResource } from '../../lib/use-api-resource.ts'

/** A signature as GET /api/waiver/signatures/mine answers it. */
interface Signature {
  childId: string | null
  waiverVersion: number
  signedName: string
  signedAt: string
}

export function WaiversSection({ childList }: { childList: Child[] | null }) {
  const { data, error } = useApiResource<{ signatures: Signature[] }>('/api/waiver/signatures/mine')

  const signedFor = (childId: string | null): string => {
    if (childId === null) return 'Myself'
    const child = childList?.find((c) => c.id === childId)
    return child ? `${child.firstName} ${child.lastName}` : 'A child'
  }

  const signatures = data?.signatures
  return (
    <section className="account-panel" aria-labelledby="waivers-heading">
      <h2 id="waivers-heading">Waivers signed</h2>
      {error && <Alert>{error}</Alert>}
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
            <li key={`${s.waiverVersion}-${s.childId ?? 'self'}`}>
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
