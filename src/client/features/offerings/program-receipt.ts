import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { countOf, formatDate, formatDateRange } from '../../../shared/format.ts'
import type { ReceiptContent } from './receipt-view.tsx'

/** What a program's receipt says of it: an academy with its sessions, a camp with its days, a drop-in with its one session. */
export interface ReceiptProgram {
  /** What the offering is labelled with: "Academy", "Camp" (shared/offering-kinds.ts). */
  label: string
  name: string
  startDate: string
  endDate: string
  /** Its days and hours, or null while they are not set. */
  when: string | null
  location: string | null
  coach: string | null
  /** Every date it meets on, and what one is called: "session", "day". */
  dates: readonly string[]
  dateNoun: string
}

/** A person's receipt for a program: the program and its dates (a one-day program's day once), then each participant's place. */
export function programReceipt(program: ReceiptProgram, places: readonly Receipt[]): ReceiptContent {
  return {
    label: `Receipt for ${program.name}`,
    places,
    facts: [
      { term: program.label, lines: [program.name, formatDateRange(program.startDate, program.endDate)] },
      ...(program.when ? [{ term: 'When', lines: program.location ? [program.when, program.location] : [program.when] }] : []),
      ...(program.coach ? [{ term: 'Coach', lines: [program.coach] }] : []),
      // One day is the date under the name already: it is said once.
      ...(program.startDate === program.endDate ? [] : [{ term: countOf(program.dates.length, program.dateNoun), lines: [program.dates.map(formatDate).join(', ')], className: 'receipt-sessions' }]),
    ],
    byParticipant: true,
  }
}
