import { useSearchParams } from 'react-router'
import { CampManager } from './camp-manager.tsx'
import { CampParticipantsPanel } from './camp-participants.tsx'
import { FamilyAtDesk } from './family-at-desk.tsx'

/**
 * Staff's camps page (`/campRegistrations`), and the desk's (`/desk/camps`): one camp's children
 * and waitlist (`?camp=<id>`), the desk's sign-up of a family at the counter, then every camp;
 * admins create, edit, open and close camps here.
 */
export function CampsAtDeskScreen({ title, isAdmin, atDesk }: { title: string | undefined; isAdmin: boolean; atDesk: boolean }) {
  const [search, setSearch] = useSearchParams()
  const campId = search.get('camp') ?? ''
  const choose = (id: string) => setSearch(id ? { camp: id } : {})
  const showParticipants = (id: string) => {
    choose(id)
    // The children are above the list: the reader is taken there.
    document.getElementById('participants-heading')?.focus()
  }
  return (
    <section className="page">
      <h1>{title}</h1>
      <CampParticipantsPanel campId={campId} onChoose={choose} />
      {atDesk && <FamilyAtDesk key={campId} campId={campId} />}
      <CampManager canChange={isAdmin} onShowParticipants={showParticipants} />
    </section>
  )
}
