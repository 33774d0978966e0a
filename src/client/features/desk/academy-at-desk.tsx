import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { deskPriceText, ProgramAtDesk } from '../offerings/program-at-desk.tsx'
import { useToday } from '../offerings/use-today.ts'
import { useAcademyAtDesk } from './api/use-academy-at-desk.ts'

/** Signs the customer (an adults' academy) or some of their children up for an open academy at the desk (offerings/program-at-desk.tsx). */
export function AcademyAtDesk({ customer, signed }: { customer: CustomerRecord; signed(key: string): boolean }) {
  const academies = useQuery(adminAcademiesQuery())
  const today = useToday()
  const [academyId, setAcademyId] = useState('')
  const signUp = useAcademyAtDesk(customer.id, academyId)
  const programs =
    academies.data?.academies
      .filter((a) => a.isActive)
      .map((a) => ({ ...a, option: `${a.name} (${a.forChildren ? `ages ${a.minAge ?? '?'}–${a.maxAge ?? '?'}` : 'adults'}, ${deskPriceText(a, today)})` })) ?? null
  return (
    <ProgramAtDesk
      customer={customer}
      signed={signed}
      programs={programs}
      kind="academy-place"
      programId={academyId}
      onChooseProgram={setAcademyId}
      signUp={signUp}
      photosAt="at sessions"
      toPay="take the payment below"
      recordWhere="above"
    />
  )
}
