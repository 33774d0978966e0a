import { useChosenProgram } from '../offerings/program-people.tsx'
import { CampManager } from './camp-manager.tsx'
import { CampParticipantsPanel } from './camp-participants.tsx'
import { FamilyAtDesk } from './family-at-desk.tsx'

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
      {atDesk && <FamilyAtDesk key={campId} campId={campId} />}
      <CampManager canChange={isAdmin} onShowParticipants={showParticipants} />
    </section>
  )
}
