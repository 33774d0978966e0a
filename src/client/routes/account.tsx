import type { Child } from '../../shared/schemas/registration.ts'
import { ChildrenSection } from '../features/account/children-section.tsx'
import { DetailsSection } from '../features/account/details-section.tsx'
import { PasswordSection } from '../features/account/password-section.tsx'
import { RegistrationsSection } from '../features/account/registrations-section.tsx'
import { useApiResource } from '../lib/use-api-resource.ts'
import { WaiversSection } from '../features/account/waivers-section.tsx'
import { useSession } from '../features/session/session.tsx'

export default function AccountPage() {
  const { user } = useSession()
  // Read once for both sections: the waivers name the children they were signed for.
  const children = useApiResource<{ children: Child[] }>('/api/children')
  if (!user) return null
  return (
    <section className="page">
      <h1>Account</h1>
      <div className="account-grid">
        <DetailsSection user={user} />
        <PasswordSection />
        <RegistrationsSection />
        <ChildrenSection childList={children.data?.children ?? null} error={children.error} />
        <WaiversSection childList={children.data?.children ?? null} />
      </div>
    </section>
  )
}
