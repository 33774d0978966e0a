import type { Sport } from '../../../shared/sports.ts'
import { dollarsText } from '../../../shared/money.ts'

interface SavedProgramFields {
  name: string
  sport: Sport | null
  description: string | null
  location: string | null
  isActive: boolean
  startTime: string
  endTime: string
  registrationDate: string
  priceCents: number
  payAtSignUp: boolean
  waiverRequired: boolean
}

/** A saved program's fields that every kind's form has, as the edit form starts from them; the kind adds its own. */
export function programFormValues(program: SavedProgramFields) {
  return {
    name: program.name,
    sport: program.sport ?? '',
    description: program.description ?? '',
    location: program.location ?? '',
    isActive: String(program.isActive),
    startTime: program.startTime,
    endTime: program.endTime,
    registrationDate: program.registrationDate,
    price: dollarsText(program.priceCents),
    priceProduct: '',
    payAtSignUp: String(program.payAtSignUp),
    waiverRequired: String(program.waiverRequired),
  }
}
