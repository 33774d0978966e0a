import type { PlanPart } from '../../shared/payment-plan.ts'
import { formatDate } from '../../shared/format.ts'
import { formatMoney } from '../../shared/money.ts'

/** A part of a payment plan as the checkout and the receipt list it: `Deposit $50.00: paid`, `$43.33 due 1/15/2027: overdue`. */
export function planPartText(part: PlanPart): string {
  const what = part.dueDate === null ? `Deposit ${formatMoney(part.amountCents)}` : `${formatMoney(part.amountCents)} due ${formatDate(part.dueDate)}`
  const left = part.amountCents - part.paidCents
  const state = { paid: 'paid', due: 'due now', overdue: 'overdue', upcoming: 'not due yet' }[part.state]
  return `${what}: ${state}${part.paidCents > 0 && left > 0 ? ` (${formatMoney(left)} left)` : ''}`
}

/** A payment plan's parts, each with its day, amount and whether it is paid, an overdue one marked (the checkout's order lines, a receipt). */
export function PlanParts({ parts, label }: { parts: readonly PlanPart[]; label: string }) {
  return (
    <ul className="checkout-plan" aria-label={label}>
      {parts.map((part) => (
        <li key={part.dueDate ?? 'deposit'} className={part.state === 'overdue' ? 'checkout-overdue' : undefined}>
          {planPartText(part)}
        </li>
      ))}
    </ul>
  )
}
