import { useQuery } from '@tanstack/react-query'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { formatMoney } from '../../../shared/money.ts'
import { adminDropInsQuery } from '../../queries/admin-drop-ins.ts'
import { ProgramAtDesk } from '../offerings/program-at-desk.tsx'
import { useDropInAtDesk } from './api/use-drop-in-at-desk.ts'
import { dropInAgesText, dropInProgram, dropInWhenText } from './drop-in-text.ts'

interface DropInAtDeskProps {
  customer: CustomerRecord
  signed(key: string): boolean
  dropInId: string
  onChooseDropIn(dropInId: string): void
  /** The facility's day: the sessions on sale are today's and those to come. */
  today: string
}

/** Sells a customer (an adults' session) or some of their children a place at an open drop-in, paid at the counter (offerings/program-at-desk.tsx). */
export function DropInAtDesk({ customer, signed, dropInId, onChooseDropIn, today }: DropInAtDeskProps) {
  const dropIns = useQuery(adminDropInsQuery())
  const signUp = useDropInAtDesk(customer.id, dropInId)
  const programs =
    dropIns.data?.dropIns
      .filter((d) => d.isActive && d.date >= today)
      .map((d) => ({
        ...dropInProgram({ ...d, placesLeft: d.capacity - d.placesTaken }),
        id: d.id,
        option: `${d.name} (${dropInWhenText(d, today)}, ${dropInAgesText(d).toLowerCase()}, ${formatMoney(d.priceCents)}, ${d.placesTaken} of ${d.capacity} places taken)`,
      })) ?? null
  return (
    <ProgramAtDesk
      customer={customer}
      signed={signed}
      programs={programs}
      kind="drop-in-place"
      programId={dropInId}
      onChooseProgram={onChooseDropIn}
      signUp={signUp}
      photosAt="at the session"
      toPay="take the payment on their record"
      recordWhere="on their record"
    />
  )
}
