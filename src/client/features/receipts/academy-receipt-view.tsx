import type { AcademyReceipt } from '../../../shared/contracts/academies.ts'
import { countOf, formatDate, formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { chargeLines } from './charges.ts'
import { moneyMoveLabel } from '../../../shared/schemas/payments.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { academyScheduleText } from '../academies/academy-text.ts'
import { ReceiptExtras } from './receipt-extras.tsx'
import { ReceiptHead, Registrant } from './receipt-view.tsx'

/**
 * A person's receipt for an academy, laid out to print (print rules in styles.css): the
 * academy and its sessions, each participant's place, every payment, and what is still due.
 */
export function AcademyReceiptView({ receipt }: { receipt: AcademyReceipt }) {
  const { academy, places } = receipt
  const first = places[0]!
  const payments = places.flatMap((place) => place.payments.map((payment) => ({ ...payment, who: place.child?.name ?? place.registrantName })))
  const paid = places.reduce((sum, p) => sum + p.paidCents, 0)
  const due = places.reduce((sum, p) => sum + p.balanceCents, 0)
  const schedule = academyScheduleText(academy)
  // Places taken in one go share their order, and so its extras.
  const extras = [...new Map(places.flatMap((place) => place.extras).map((extra) => [extra.lineId, extra])).values()]
  return (
    <article className="receipt" aria-label={`Receipt for ${academy.name}`}>
      <ReceiptHead numbers={places.map((p) => p.receiptNumber)} date={first.createdAt} />

      <dl className="receipt-facts">
        <Registrant receipt={first} />
        <div>
          <dt>Academy</dt>
          <dd>
            {academy.name}
            <br />
            {formatDateRange(academy.startDate, academy.endDate)}
          </dd>
        </div>
        {schedule && (
          <div>
            <dt>When</dt>
            <dd>
              {schedule}
              {academy.location && (
                <>
                  <br />
                  {academy.location}
                </>
              )}
            </dd>
          </div>
        )}
        {academy.coach && (
          <div>
            <dt>Coach</dt>
            <dd>{academy.coach}</dd>
          </div>
        )}
        <div className="receipt-sessions">
          <dt>{countOf(academy.sessionDates.length, 'session')}</dt>
          <dd>{academy.sessionDates.map(formatDate).join(', ')}</dd>
        </div>
      </dl>

      <h2>Participants</h2>
      <div className="table-scroll receipt-table" tabIndex={0} role="region" aria-label="Participants">
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
                <th scope="row">{place.child?.name ?? place.registrantName}</th>
                <td>{place.receiptNumber}</td>
                <td>
                  {STATUS_LABELS[place.status]}
                  {place.waitlistPosition !== null && `, number ${place.waitlistPosition}`}
                </td>
                <td className="receipt-money">
                  {formatMoney(place.priceCents)}
                  {chargeLines(place.charges).map((line) => (
                    <span key={line.label} className="receipt-charge">
                      {line.label}: {line.amount}
                    </span>
                  ))}
                </td>
                <td className="receipt-money">{formatMoney(place.paidCents)}</td>
                <td className="receipt-money">{nothingDue(place) ?? formatMoney(place.balanceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ReceiptExtras extras={extras} />

      <h2>Payments</h2>
      {payments.length === 0 ? (
        <p>No payments have been recorded yet.</p>
      ) : (
        <div className="table-scroll receipt-table" tabIndex={0} role="region" aria-label="Payments">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">For</th>
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
                  <td>{formatDate(payment.recordedAt)}</td>
                  <td>{payment.who}</td>
                  <td>{moneyMoveLabel(payment)}</td>
                  <td>{payment.reference ?? '—'}</td>
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
          <dd>{formatMoney(paid)}</dd>
        </div>
        <div>
          <dt>Balance due</dt>
          <dd>{formatMoney(due)}</dd>
        </div>
      </dl>
    </article>
  )
}
