import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { adminCampsQuery } from '../../queries/admin-camps.ts'
import { deskPriceText, ProgramAtDesk } from '../offerings/program-at-desk.tsx'
import { useToday } from '../offerings/use-today.ts'
import { useCampAtDesk } from './api/use-camp-at-desk.ts'
import { campDaysText, forChildren } from './camp-text.ts'

interface CampAtDeskProps {
  customer: CustomerRecord
  signed(key: string): boolean
  /** The camp chosen first, or ''. */
  campId?: string
  toPay: string
  recordWhere: string
}

/** Signs some of a customer's children up for an open camp at the desk, paid at the counter (offerings/program-at-desk.tsx). */
export function CampAtDesk({ customer, signed, campId: first = '', toPay, recordWhere }: CampAtDeskProps) {
  const camps = useQuery(adminCampsQuery())
  const today = useToday()
  const [campId, setCampId] = useState(first)
  const signUp = useCampAtDesk(customer.id, campId)
  const programs =
    camps.data?.camps
      .filter((c) => c.isActive)
      .map((c) => ({ ...forChildren(c), option: `${c.name} (${campDaysText(c)}, ages ${c.minAge}–${c.maxAge}, ${deskPriceText(c, today)})` })) ?? null
  return (
    <ProgramAtDesk
      customer={customer}
      signed={signed}
      programs={programs}
      kind="camp-place"
      programId={campId}
      onChooseProgram={setCampId}
      signUp={signUp}
      photosAt="at camp"
      toPay={toPay}
      recordWhere={recordWhere}
    />
  )
}
