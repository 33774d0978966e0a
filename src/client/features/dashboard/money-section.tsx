import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { MoneySection as Section, OwedBalance, Takings } from '../../../shared/contracts/dashboard-sections.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import type { PaymentMethod } from '../../../shared/schemas/payments.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import type { moneySectionQuery } from '../../queries/dashboard.ts'

/**
 * What money came in and what is still owed (issue 32): payments today, this week and this season
 * by method, refunds, the balances places still owe (the ten largest linked to the customer's
 * record at the desk, where the place is) and payment-plan parts past their day. A request of
 * its own, which the page opens with (routes/dashboard.tsx): read again, it holds up no other section.
 */
export function MoneySection({ query }: { query: ReturnType<typeof moneySectionQuery> }) {
  const { data, isError } = useQuery(query)
  return (
    <section aria-labelledby="money-heading" aria-busy={!data && !isError}>
      <h2 id="money-heading">Money</h2>
      {isError ? <Alert>The money figures could not be loaded. Please reload the page.</Alert> : data ? <Figures section={data} /> : <p className="loading">Loading money figures…</p>}
    </section>
  )
}

const METHOD_LINES: [PaymentMethod, string][] = [
  ['online', 'Online'],
  ['cash', 'Cash'],
  ['check', 'Check'],
  ['card', 'Card at the desk'],
]

interface TakingsLine {
  name: string
  amount(takings: Takings): number
  className?: string
}

const TAKINGS_LINES: TakingsLine[] = [
  ...METHOD_LINES.map(([method, name]) => ({ name, amount: (t: Takings) => t.byMethod[method] })),
  { name: 'Collected', amount: (t) => t.collectedCents, className: 'money-total' },
  { name: 'Refunded', amount: (t) => -t.refundedCents },
  { name: 'Net', amount: (t) => t.collectedCents - t.refundedCents, className: 'money-total' },
]

function Figures({ section }: { section: Section }) {
  const { takings, outstanding, overduePlanParts: overdue } = section
  const periodColumns: StaffColumn<TakingsLine>[] = [
    { header: 'Money', rowHeader: true, cell: (line) => line.name },
    { header: 'Today', cell: (line) => formatMoney(line.amount(takings.today)), className: 'staff-money' },
    { header: 'This week', cell: (line) => formatMoney(line.amount(takings.week)), className: 'staff-money' },
    { header: `This season (since ${formatDate(section.seasonStart)})`, cell: (line) => formatMoney(line.amount(takings.season)), className: 'staff-money' },
  ]
  return (
    <>
      <StaffTable label="Money collected by method, and refunds" columns={periodColumns} rows={TAKINGS_LINES} rowKey={(line) => line.name} rowClassName={(line) => line.className} />
      {section.pendingRefundsCents > 0 && <p>{formatMoney(section.pendingRefundsCents)} in refunds is waiting for the payment provider to confirm it.</p>}
      <h3>Outstanding</h3>
      <p>
        {outstanding.registrations === 0 ? 'No place owes anything.' : `${formatMoney(outstanding.totalCents)} owed on ${countOf(outstanding.registrations, 'place')}.`}{' '}
        {overdue.parts === 0
          ? 'No payment-plan part is overdue.'
          : `${countOf(overdue.parts, 'payment-plan part')} overdue on ${countOf(overdue.registrations, 'place')}: ${formatMoney(overdue.amountCents)}.`}{' '}
        {(outstanding.registrations > 0 || overdue.parts > 0) && <Link to={href('pendingRegistrations')}>Pending registrations</Link>}
      </p>
      {outstanding.largest.length > 0 && (
        <>
          <p>{largestText(outstanding.largest.length, outstanding.registrations)}</p>
          <StaffTable label={largestText(outstanding.largest.length, outstanding.registrations).slice(0, -1)} columns={BALANCE_COLUMNS} rows={outstanding.largest} rowKey={(b) => b.registrationId} />
        </>
      )}
    </>
  )
}

/** What the balances table holds: the largest few of the places owing, or every one. */
export function largestText(shown: number, owing: number): string {
  return shown < owing ? `The ${shown} largest balances, of the ${owing}:` : 'Every balance:'
}

const BALANCE_COLUMNS: StaffColumn<OwedBalance>[] = [
  { header: 'Participant', rowHeader: true, cell: (b) => <Link to={href('deskCustomer', { userId: b.userId })}>{b.participant}</Link> },
  { header: 'Program', cell: (b) => b.programName },
  { header: 'Receipt', cell: (b) => b.receiptNumber, priority: 'wide' },
  { header: 'Balance', cell: (b) => formatMoney(b.balanceCents), className: 'staff-money' },
]
