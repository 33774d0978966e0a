import { href } from '../paths.ts'
import { Link } from 'react-router'
import { useSession } from '../features/session/session.tsx'

const ROLE_NAMES = { admin: 'Administrator', employee: 'Employee', customer: 'Customer' } as const

export default function AccountPage() {
  const { user } = useSession()
  if (!user) return null
  return (
    <section className="page narrow">
      <h1>Account</h1>
      <dl className="details">
        <div>
          <dt>Display name</dt>
          <dd>{user.displayName}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{user.phone || 'Not given'}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{ROLE_NAMES[user.userRole]}</dd>
        </div>
      </dl>
      <p>
        Your league and academy registrations, receipts and signed waivers will be listed here. To sign up, pick a sport on
        the <Link to={href('home')}>Sports and Activities</Link> page.
      </p>
    </section>
  )
}
