import { formatDate, formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { moneyMoveLabel } from '../../../shared/schemas/payments.ts'
import { chargeLines } from '../offerings/charges.ts'
import { ReceiptExtras } from '../offerings/receipt-extras.tsx'
import { ReceiptHead, Registrant } from '../offerings/receipt-head.tsx'

function balanceDue(receipt: Receipt): string {
  return nothingDue(receipt) ?? formatMoney(receipt.balanceCents)
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
