import type { RegistrationDetail } from '../../../../shared/contracts/registrations.ts'
import { formatDateTime } from '../../../../shared/format.ts'
import { formatMoney } from '../../../../shared/money.ts'
import { moneyMoveLabel } from '../../../../shared/schemas/payments.ts'

/** The payments and refunds of the place, and what the extras bought on its order cost and were paid. */
export function RegistrationPayments({ detail }: { detail: RegistrationDetail }) {
  return (
    <>
      <h3>Payments</h3>
      {detail.payments.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Payments">
          <table>
            <thead>
              <tr>
                <th scope="col">Recorded</th>
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
                <th scope="col" className="staff-money">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatDateTime(p.recordedAt)}</td>
                  <td>{moneyMoveLabel(p)}</td>
                  <td>{p.reference ?? '—'}</td>
                  <td className="staff-money">{formatMoney(p.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {detail.extras.length > 0 && (
        <>
          <h3>Extras on the same order</h3>
          <ul>
            {detail.extras.map((extra) => (
              <li key={extra.lineId}>
                {extra.description}: {formatMoney(extra.amountDueCents)}, {formatMoney(extra.paidCents)} paid
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}
