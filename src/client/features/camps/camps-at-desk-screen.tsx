import { CustomerAtDesk } from '../offerings/customer-at-desk.tsx'
import { useChosenProgram } from '../offerings/program-people.tsx'
import { CampAtDesk } from './camp-at-desk.tsx'
import { CampManager } from './camp-manager.tsx'
import { CampParticipantsPanel } from './camp-participants.tsx'

/**
 * Staff's camps page (`/campRegistrations`), and the desk's (`/desk/camps`): one camp's children
 * and waitlist (`?camp=<id>`), the desk's sign-up of a family at the counter, then every camp;
 * admins create, edit, open and close camps here.
 */
export function CampsAtDeskScreen({ title, isAdmin, atDesk }: { title: string | undefined; isAdmin: boolean; atDesk: boolean }) {
  const { programId: campId, choose, showParticipants } = useChosenProgram('camp')
  return (
    <section className="page">
      <h1>{title}</h1>
      <CampParticipantsPanel campId={campId} onChoose={choose} />
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
      <CampManager canChange={isAdmin} onShowParticipants={showParticipants} />
    </section>
  )
}
