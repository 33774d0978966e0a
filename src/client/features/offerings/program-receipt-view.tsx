import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { countOf, formatDate, formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { moneyMoveLabel } from '../../../shared/schemas/payments.ts'
import { nothingDue, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { chargeLines } from './charges.ts'
import { ReceiptExtras } from './receipt-extras.tsx'
import { ReceiptHead, Registrant } from './receipt-head.tsx'

/** What a program's receipt says of it: an academy with its sessions, a camp with its days. */
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

/**
 * A person's receipt for a program with sessions or days (an academy, a camp), laid out to print
 * (print rules in styles.css): the program and its dates, each participant's place, every
 * payment, and what is still due.
 */
export function ProgramReceiptView({ program, places }: { program: ReceiptProgram; places: readonly Receipt[] }) {
  const first = places[0]!
  const payments = places.flatMap((place) => place.payments.map((payment) => ({ ...payment, who: place.child?.name ?? place.registrantName })))
  const paid = places.reduce((sum, p) => sum + p.paidCents, 0)
  const due = places.reduce((sum, p) => sum + p.balanceCents, 0)
  // Places taken in one go share their order, and so its extras.
  const extras = [...new Map(places.flatMap((place) => place.extras).map((extra) => [extra.lineId, extra])).values()]
  return (
    <article className="receipt" aria-label={`Receipt for ${program.name}`}>
      <ReceiptHead numbers={places.map((p) => p.receiptNumber)} date={first.createdAt} />

      <dl className="receipt-facts">
        <Registrant receipt={first} />
        <div>
          <dt>{program.label}</dt>
          <dd>
            {program.name}
            <br />
            {formatDateRange(program.startDate, program.endDate)}
          </dd>
        </div>
        {program.when && (
          <div>
            <dt>When</dt>
            <dd>
              {program.when}
              {program.location && (
                <>
                  <br />
                  {program.location}
                </>
              )}
            </dd>
          </div>
        )}
        {program.coach && (
          <div>
            <dt>Coach</dt>
            <dd>{program.coach}</dd>
          </div>
        )}
        <div className="receipt-sessions">
          <dt>{countOf(program.dates.length, program.dateNoun)}</dt>
          <dd>{program.dates.map(formatDate).join(', ')}</dd>
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
