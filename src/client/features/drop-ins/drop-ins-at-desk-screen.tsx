import { useChosenProgram } from '../offerings/program-people.tsx'
import { useToday } from '../offerings/use-today.ts'
import { DropInManager } from './drop-in-manager.tsx'
import { DropInParticipantsPanel } from './drop-in-participants.tsx'
import { WalkInAtDoor } from './walk-in-at-door.tsx'

/**
 * Staff's drop-in sessions (`/dropInSessions`), and the door's (`/desk/dropIns`): one session's
 * headcount and check-in (`?dropIn=<id>`), a place sold to a walk-in at the door, then every
 * session; admins create, edit, open and close sessions here.
 */
export function DropInsAtDeskScreen({ title, isAdmin, atDesk }: { title: string | undefined; isAdmin: boolean; atDesk: boolean }) {
  const { programId: dropInId, choose, showParticipants } = useChosenProgram('dropIn')
  const today = useToday()
  return (
    <section className="page">
      <h1>{title}</h1>
      <DropInParticipantsPanel dropInId={dropInId} today={today} onChoose={choose} />
      {atDesk && <WalkInAtDoor dropInId={dropInId} onChooseDropIn={choose} today={today} />}
      <DropInManager canChange={isAdmin} onShowParticipants={showParticipants} />
    </section>
  )
}
