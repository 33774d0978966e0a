import type { adminCampsQuery } from '../../queries/admin-camps.ts'
import { CustomerAtDesk } from '../offerings/customer-at-desk.tsx'
import { useChosenProgram } from '../offerings/program-people.tsx'
import { CampAtDesk } from './camp-at-desk.tsx'
import { CampManager } from './camp-manager.tsx'
import { CampParticipantsPanel } from './camp-participants.tsx'

/**
 * Staff's camps page (`/campRegistrations`), and the desk's (`/desk/camps`): one camp's children
 * and waitlist (`?camp=<id>`), the desk's sign-up of a family at the counter, then every camp;
 * admins create, edit, open and close camps here. Its camps are the page's (routes/camp-registrations.tsx).
 */
export function CampsAtDeskScreen({ title, camps, isAdmin, atDesk }: { title: string | undefined; camps: ReturnType<typeof adminCampsQuery>; isAdmin: boolean; atDesk: boolean }) {
  const { programId: campId, choose, showParticipants } = useChosenProgram('camp')
  return (
    <section className="page">
      <h1>{title}</h1>
      <CampParticipantsPanel campId={campId} campsQuery={camps} onChoose={choose} />
      {atDesk && (
        <CustomerAtDesk
          key={campId}
          headingId="camp-desk-family"
          searchId="camp-desk-search"
          title="Sign a family up"
          newcomer="A new family?"
          then="sign them up"
          signUp={(customer, signed) => <CampAtDesk customer={customer} signed={signed} campId={campId} toPay="take the payment on their record" recordWhere="on their record" />}
        />
      )}
      <CampManager camps={camps} canChange={isAdmin} onShowParticipants={showParticipants} />
    </section>
  )
}
