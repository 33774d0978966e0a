import { useQuery } from '@tanstack/react-query'
import type { SessionUser } from '../../shared/contracts/session.ts'
import { ChildrenSection } from '../features/account/children-section.tsx'
import { DetailsSection } from '../features/account/details-section.tsx'
import { PasswordSection } from '../features/account/password-section.tsx'
import { RegistrationsSection } from '../features/account/registrations-section.tsx'
import { errorMessage } from '../lib/api.ts'
import { childrenQuery } from '../queries/children.ts'
import { TeamsSection } from '../features/account/teams-section.tsx'
import { WaiversSection } from '../features/account/waivers-section.tsx'
import { useSession } from '../lib/session.tsx'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
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

type Opening = ReturnType<typeof opensWith>
/** The account's queries, each there once someone is signed in. */
type AccountQueries = { [Name in keyof Opening]: NonNullable<Opening[Name]> }

export default function AccountPage() {
  const { user } = useSession()
  const { registrations, children, teams, signatures } = usePageQueries(opensWith)
  if (!user || !registrations || !children || !teams || !signatures) return null
  return <AccountScreen user={user} queries={{ registrations, children, teams, signatures }} />
}

function AccountScreen({ user, queries }: { user: SessionUser; queries: AccountQueries }) {
  // Read once for both sections: the waivers name the children they were signed for.
  const children = useQuery(queries.children)
  return (
    <section className="page">
      <h1>Account</h1>
      <div className="account-grid">
        <DetailsSection user={user} />
        <PasswordSection />
        <RegistrationsSection userId={user.uid} registrations={queries.registrations} />
        <TeamsSection teams={queries.teams} />
        <ChildrenSection userId={user.uid} childList={children.data?.children ?? null} error={errorMessage(children.error)} />
        <WaiversSection signatures={queries.signatures} childList={children.data?.children ?? null} />
      </div>
    </section>
  )
}
