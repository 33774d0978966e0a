import { Link } from 'react-router'
import { formatDate } from '../../../shared/format.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { href } from '../../../shared/paths.ts'

export function ChildrenSection({ childList, error }: { childList: Child[] | null; error: string | null }) {
  return (
    <section className="account-panel" aria-labelledby="children-heading">
      <h2 id="children-heading">Children</h2>
      {error && <Alert>{error}</Alert>}
      {!childList && !error && <p className="loading">Loading your children…</p>}
      {childList && childList.length === 0 && (
        <p>
          You have not added any children. You can add a child when you sign them up for{' '}
          <Link to={href('kidsSportsSignup')}>Kids Sports</Link>.
        </p>
      )}
      {childList && childList.length > 0 && (
        <ul className="account-list">
          {childList.map((child) => (
            <li key={child.id}>
              <strong>
                {child.firstName} {child.lastName}
              </strong>
              <span className="account-muted"> — born {formatDate(child.dateOfBirth)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
