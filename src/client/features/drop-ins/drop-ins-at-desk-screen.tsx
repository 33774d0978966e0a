import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { facilityToday } from '../../../shared/format.ts'
import { siteConfig } from '../../site-config.ts'
import { DropInManager } from './drop-in-manager.tsx'
import { DropInParticipantsPanel } from './drop-in-participants.tsx'
import { WalkInAtDoor } from './walk-in-at-door.tsx'

/**
 * Staff's drop-in sessions (`/dropInSessions`), and the door's (`/desk/dropIns`): one session's
 * headcount and check-in (`?dropIn=<id>`), a place sold to a walk-in at the door, then every
 * session; admins create, edit, open and close sessions here.
 */
export function DropInsAtDeskScreen({ title, isAdmin, atDesk }: { title: string | undefined; isAdmin: boolean; atDesk: boolean }) {
  const [search, setSearch] = useSearchParams()
  const dropInId = search.get('dropIn') ?? ''
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))
  const choose = (id: string) => setSearch(id ? { dropIn: id } : {})
  const showParticipants = (id: string) => {
    choose(id)
    // The people are above the list: the reader is taken there.
    document.getElementById('participants-heading')?.focus()
  }
  return (
    <section className="page">
      <h1>{title}</h1>
      <DropInParticipantsPanel dropInId={dropInId} today={today} onChoose={choose} />
      {atDesk && <WalkInAtDoor dropInId={dropInId} onChooseDropIn={choose} today={today} />}
      <DropInManager canChange={isAdmin} onShowParticipants={showParticipants} />
    </section>
  )
}
