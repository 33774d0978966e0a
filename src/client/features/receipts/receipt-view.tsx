import { formatDate, formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { moneyMoveLabel } from '../../../shared/schemas/payments.ts'
import { siteConfig } from '../../site-config.ts'
import { chargeLines } from './charges.ts'
import { ReceiptExtras } from './receipt-extras.tsx'

function balanceDue(receipt: Receipt): string {
  return nothingDue(receipt) ?? formatMoney(receipt.balanceCents)
}

/** A receipt's top: the facility, its number (or numbers, one a place), and the day it was made. */
export function ReceiptHead({ numbers, date }: { numbers: readonly string[]; date: string }) {
  return (
    <header className="receipt-head">
      <p className="receipt-facility">{siteConfig.facilityName}</p>
      <dl className="receipt-meta">
        <div>
          <dt>Receipt {numbers.length === 1 ? 'number' : 'numbers'}</dt>
          <dd>{numbers.join(', ')}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDate(date)}</dd>
        </div>
      </dl>
    </header>
  )
}

/** Who registered: the first fact of a receipt. */
export function Registrant({ receipt }: { receipt: Pick<Receipt, 'registrantName' | 'registrantEmail'> }) {
  return (
    <div>
      <dt>Registrant</dt>
      <dd>
        {receipt.registrantName}
        <br />
        {receipt.registrantEmail}
      </dd>
    </div>
  )
}

/** The receipt itself, laid out to print on one page (print rules in styles.css). */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  return (
    <article className="receipt" aria-label={`Receipt ${receipt.receiptNumber}`}>
      <ReceiptHead numbers={[receipt.receiptNumber]} date={receipt.createdAt} />

      <dl className="receipt-facts">
        <Registrant receipt={receipt} />
        {receipt.child && (
          <div>
            <dt>Child</dt>
            <dd>{receipt.child.name}</dd>
          </div>
        )}
        <div>
          <dt>{OFFERING_KIND_WORDS[receipt.offering.kind].label}</dt>
          <dd>
            {receipt.offering.name}
            <br />
            {formatDateRange(receipt.offering.startDate, receipt.offering.endDate)}
          </dd>
        </div>
        {receipt.offering.team && (
          <div>
            <dt>Team</dt>
            <dd>
              {receipt.offering.team.name}
              <br />
              {OFFERING_KIND_WORDS[receipt.offering.kind].place}
            </dd>
          </div>
        )}
        <div>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[receipt.status]}</dd>
        </div>
        {chargeLines(receipt.charges).map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.amount}</dd>
          </div>
        ))}
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(receipt.priceCents)}</dd>
        </div>
      </dl>

      <ReceiptExtras extras={receipt.extras} />

      <h2>Payments</h2>
      {receipt.payments.length === 0 ? (
        <p>No payments have been recorded yet.</p>
      ) : (
        <div className="table-scroll receipt-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
                <th scope="col" className="receipt-money">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{formatDate(payment.recordedAt)}</td>
                  <td>{moneyMoveLabel(payment)}</td>
                  <td>{payment.reference ?? '—'}</td>
                  {/* A refund shows as money going out: a negative amount. */}
                  <td className="receipt-money">{formatMoney(payment.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <dl className="receipt-totals">
        <div>
          <dt>Total paid</dt>
          <dd>{formatMoney(receipt.paidCents)}</dd>
        </div>
        <div>
          <dt>Balance due</dt>
          <dd>{balanceDue(receipt)}</dd>
        </div>
      </dl>
    </article>
  )
}
