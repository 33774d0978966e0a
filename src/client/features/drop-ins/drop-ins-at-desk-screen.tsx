import type { adminDropInsQuery } from '../../queries/admin-drop-ins.ts'
import { CustomerAtDesk } from '../offerings/customer-at-desk.tsx'
import { useChosenProgram } from '../offerings/program-people.tsx'
import { useToday } from '../offerings/use-today.ts'
import { DropInAtDesk } from './drop-in-at-desk.tsx'
import { DropInManager } from './drop-in-manager.tsx'
import { DropInParticipantsPanel } from './drop-in-participants.tsx'

/**
 * Staff's drop-in sessions (`/dropInSessions`), and the door's (`/desk/dropIns`): one session's
 * headcount and check-in (`?dropIn=<id>`), a place sold to a walk-in at the door, then every
 * session; admins create, edit, open and close sessions here. Its sessions are the page's (routes/drop-in-sessions.tsx).
 */
export function DropInsAtDeskScreen({ title, dropIns, isAdmin, atDesk }: { title: string | undefined; dropIns: ReturnType<typeof adminDropInsQuery>; isAdmin: boolean; atDesk: boolean }) {
  const { programId: dropInId, choose, showParticipants } = useChosenProgram('dropIn')
  const today = useToday()
  return (
    <section className="page">
      <h1>{title}</h1>
      <DropInParticipantsPanel dropInId={dropInId} dropInsQuery={dropIns} today={today} onChoose={choose} />
      {atDesk && (
        <CustomerAtDesk
          headingId="drop-in-door-sale"
          searchId="drop-in-door-search"
          title="Sell a place at the door"
          newcomer="Someone new?"
          then="sell them a place"
          signUp={(customer, signed) => (
            <DropInAtDesk customer={customer} signed={signed} dropInId={dropInId} onChooseDropIn={choose} today={today} toPay="take the payment on their record" recordWhere="on their record" />
          )}
        />
      )}
      <DropInManager dropIns={dropIns} canChange={isAdmin} onShowParticipants={showParticipants} />
    </section>
  )
}
