import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { chargeLines } from '../offerings/charges.ts'
import type { ReceiptContent } from '../offerings/receipt-view.tsx'

/** A receipt for one place in a league (a player's, a team's entry, a place on a roster): the child, the league, the team, the status and how the price came to be. */
export function placeReceipt(receipt: Receipt): ReceiptContent {
  const { offering } = receipt
  const words = OFFERING_KIND_WORDS[offering.kind]
  return {
    label: `Receipt ${receipt.receiptNumber}`,
    places: [receipt],
    facts: [
      ...(receipt.child ? [{ term: 'Child', lines: [receipt.child.name] }] : []),
      { term: words.label, lines: [offering.name, formatDateRange(offering.startDate, offering.endDate)] },
      ...('team' in offering.details ? [{ term: 'Team', lines: [offering.details.team.name, words.place ?? ''] }] : []),
      { term: 'Status', lines: [STATUS_LABELS[receipt.status]] },
      ...chargeLines(receipt.charges).map((line) => ({ term: line.label, lines: [line.amount] })),
      { term: 'Price', lines: [formatMoney(receipt.priceCents)] },
    ],
    byParticipant: false,
  }
}
