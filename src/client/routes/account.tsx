import { useQuery } from '@tanstack/react-query'
import { ChildrenSection } from '../features/account/children-section.tsx'
import { DetailsSection } from '../features/account/details-section.tsx'
import { PasswordSection } from '../features/account/password-section.tsx'
import { RegistrationsSection } from '../features/account/registrations-section.tsx'
import { errorMessage } from '../lib/api.ts'
import { childrenQuery } from '../queries/children.ts'
import { TeamsSection } from '../features/account/teams-section.tsx'
import { WaiversSection } from '../features/account/waivers-section.tsx'
import { useSession } from '../lib/session.tsx'
import type { PageVisit } from '../lib/page-queries.ts'
import { myRegistrationsQuery } from '../queries/my-registrations.ts'
import { mySignaturesQuery } from '../queries/my-signatures.ts'
import { myTeamsQuery } from '../queries/teams.ts'

export function opensWith({ user }: PageVisit) {
  return {
    registrations: user && myRegistrationsQuery(user.uid),
    children: user && childrenQuery(user.uid),
    teams: user && myTeamsQuery(user.uid),
    signatures: user && mySignaturesQuery(user.uid),
  }
}

export default function AccountPage() {
  const { user } = useSession()
  // Read once for both sections: the waivers name the children they were signed for.
  const children = useQuery({ ...childrenQuery(user?.uid ?? ''), enabled: user !== null })
  if (!user) return null
  return (
    <section className="page">
      <h1>Account</h1>
      <div className="account-grid">
        <DetailsSection user={user} />
        <PasswordSection />
        <RegistrationsSection userId={user.uid} />
        <TeamsSection userId={user.uid} />
        <ChildrenSection userId={user.uid} childList={children.data?.children ?? null} error={errorMessage(children.error)} />
        <WaiversSection userId={user.uid} childList={children.data?.children ?? null} />
      </div>
    </section>
  )
}
