import { Fragment, useState } from 'react'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { moneyMoveLabel } from '../../../shared/schemas/payments.ts'
import { planParts } from '../../../shared/payment-plan.ts'
import { CHARGED_STATUSES, nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { PlanParts } from '../../components/plan-parts.tsx'
import { facilityDayNow } from '../../lib/facility-day.ts'
import { chargeLines } from './charges.ts'
import { ReceiptExtras } from './receipt-extras.tsx'
import { ReceiptHead, Registrant } from './receipt-head.tsx'

/** One fact of a receipt after its registrant: a term and its lines ("Academy": its name, then its dates). */
export interface ReceiptFact {
  term: string
  lines: readonly string[]
  /** The fact's class, for its print rules in styles.css: "receipt-sessions". */
  className?: string
}

/** A receipt as its kind tells it: every kind's receipt is this one view (issue 31 §1). */
export interface ReceiptContent {
  /** What a reader hears the receipt called: "Receipt R-0001", "Receipt for Skills Academy". */
  label: string
  /** The places it is for: a league's one, or each participant's in a program; never empty. */
  places: readonly Receipt[]
  /** What the kind says of what was bought, and of a single place its status and price. */
  facts: readonly ReceiptFact[]
  /** A program's receipt lists its participants, a row each, and says whom each payment was for. */
  byParticipant: boolean
}

const whoOf = (place: Receipt) => place.child?.name ?? place.registrantName

/**
 * A person's receipt, laid out to print (print rules in styles.css): who registered, what the
 * kind says of its offering, the participants of a program, the extras of the order, every
 * payment, and what is still due.
 */
export function ReceiptView({ receipt: { label, places, facts, byParticipant } }: { receipt: ReceiptContent }) {
  const first = places[0]!
  const payments = places.flatMap((place) => place.payments.map((payment) => ({ ...payment, who: whoOf(place) })))
  const paid = places.reduce((sum, p) => sum + p.paidCents, 0)
  const due = byParticipant ? formatMoney(places.reduce((sum, p) => sum + p.balanceCents, 0)) : (nothingDue(first) ?? formatMoney(first.balanceCents))
  // Places taken in one go share their order, and so its extras.
  const extras = [...new Map(places.flatMap((place) => place.extras).map((extra) => [extra.lineId, extra])).values()]
  return (
    <article className="receipt" aria-label={label}>
      <ReceiptHead numbers={places.map((p) => p.receiptNumber)} date={first.createdAt} />

      <dl className="receipt-facts">
        <Registrant receipt={first} />
        {facts.map((fact) => (
          <div key={fact.term} className={fact.className}>
            <dt>{fact.term}</dt>
            <dd>
              {fact.lines.map((line, n) => (
                <Fragment key={n}>
                  {n > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>

      {byParticipant && <Participants places={places} />}

      <ReceiptExtras extras={extras} />

      <PaymentPlans places={places} />

      <h2>Payments</h2>
      {payments.length === 0 ? (
        <p>No payments have been recorded yet.</p>
      ) : (
        <div className="table-scroll receipt-table receipt-cards" {...(byParticipant ? { tabIndex: 0, role: 'region', 'aria-label': 'Payments' } : {})}>
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {byParticipant && <th scope="col">For</th>}
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
                <th scope="col" className="receipt-money">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={`${payment.id} ${payment.who}`}>
                  <td data-label="Date">{formatDate(payment.recordedAt)}</td>
                  {byParticipant && <td data-label="For">{payment.who}</td>}
                  <td data-label="Method">{moneyMoveLabel(payment)}</td>
                  <td data-label="Reference">{payment.reference ?? '—'}</td>
                  {/* A refund shows as money going out: a negative amount. */}
                  <td data-label="Amount" className="receipt-money">
                    {formatMoney(payment.amountCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <dl className="receipt-totals">
        <div>
          <dt>Total paid</dt>
          <dd>{formatMoney(paid)}</dd>
        </div>
        <div>
          <dt>Balance due</dt>
          <dd>{due}</dd>
        </div>
      </dl>
    </article>
  )
}

/** The parts of each place's payment plan (a place the family pays for: held or confirmed), as the checkout lists them: each day, amount and whether it is paid. */
function PaymentPlans({ places }: { places: readonly Receipt[] }) {
  const [today] = useState(facilityDayNow)
  const planned = places.flatMap((place) => (place.plan && CHARGED_STATUSES.includes(place.status) ? [{ place, plan: place.plan }] : []))
  if (planned.length === 0) return null
  return (
    <>
      <h2>Payment plan</h2>
      {planned.map(({ place, plan }) => (
        <PlanParts key={place.id} parts={planParts(plan, place.priceCents, place.paidCents, today)} label={`Payment plan for ${whoOf(place)}`} />
      ))}
    </>
  )
}

/** A program's places, one row a participant: its receipt number, status, price and how it came to be, paid and balance. */
function Participants({ places }: { places: readonly Receipt[] }) {
  return (
    <>
      <h2>Participants</h2>
      <div className="table-scroll receipt-table receipt-cards" tabIndex={0} role="region" aria-label="Participants">
        <table>
          <thead>
            <tr>
              <th scope="col">Participant</th>
              <th scope="col">Receipt number</th>
              <th scope="col">Status</th>
              <th scope="col" className="receipt-money">
                Price
              </th>
              <th scope="col" className="receipt-money">
                Paid
              </th>
              <th scope="col" className="receipt-money">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {places.map((place) => (
              <tr key={place.id}>
                <th scope="row">{whoOf(place)}</th>
                <td data-label="Receipt number">{place.receiptNumber}</td>
                <td data-label="Status">
                  {STATUS_LABELS[place.status]}
                  {place.waitlistPosition !== null && `, number ${place.waitlistPosition}`}
                </td>
                <td data-label="Price" className="receipt-money">
                  {formatMoney(place.priceCents)}
                  {chargeLines(place.charges).map((line) => (
                    <span key={line.label} className="receipt-charge">
                      {line.label}: {line.amount}
                    </span>
                  ))}
                </td>
                <td data-label="Paid" className="receipt-money">
                  {formatMoney(place.paidCents)}
                </td>
                <td data-label="Balance" className="receipt-money">
                  {nothingDue(place) ?? formatMoney(place.balanceCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
