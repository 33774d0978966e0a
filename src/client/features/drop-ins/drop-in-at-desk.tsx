import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { adminDropInsQuery } from '../../queries/admin-drop-ins.ts'
import { deskPriceText, ProgramAtDesk } from '../offerings/program-at-desk.tsx'
import { useToday } from '../offerings/use-today.ts'
import { useDropInAtDesk } from './api/use-drop-in-at-desk.ts'
import { dropInAgesText, dropInProgram, dropInWhenText } from './drop-in-text.ts'

interface DropInAtDeskProps {
  customer: CustomerRecord
  signed(key: string): boolean
  dropInId: string
  onChooseDropIn(dropInId: string): void
  /** The facility's day: the sessions on sale are today's and those to come. */
  today: string
  /** What the desk does next, and where the place is listed: on the customer's record, or below on it. */
  toPay: string
  recordWhere: string
}

/** Sells a customer (an adults' session) or some of their children a place at an open drop-in, paid at the counter (offerings/program-at-desk.tsx). */
export function DropInAtDesk({ customer, signed, dropInId, onChooseDropIn, today, toPay, recordWhere }: DropInAtDeskProps) {
  const dropIns = useQuery(adminDropInsQuery())
  const signUp = useDropInAtDesk(customer.id, dropInId)
  const programs =
    dropIns.data?.dropIns
      .filter((d) => d.isActive && d.date >= today)
      .map((d) => ({
        ...dropInProgram({ ...d, placesLeft: d.capacity - d.placesTaken }),
        id: d.id,
        option: `${d.name} (${dropInWhenText(d, today)}, ${dropInAgesText(d).toLowerCase()}, ${deskPriceText(d, today)}, ${d.placesTaken} of ${d.capacity} places taken)`,
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
      toPay={toPay}
      recordWhere={recordWhere}
    />
  )
}

/** On a customer's record at the desk: a session sold there, its payment taken below on the same record. */
export function DropInOnRecord({ customer, signed }: Pick<DropInAtDeskProps, 'customer' | 'signed'>) {
  const today = useToday()
  const [dropInId, setDropInId] = useState('')
  return <DropInAtDesk customer={customer} signed={signed} dropInId={dropInId} onChooseDropIn={setDropInId} today={today} toPay="take the payment below" recordWhere="above" />
}
