import type { ReceiptExtra } from '../../../shared/contracts/registrations.ts'
import { formatMoney } from '../../../shared/money.ts'

/**
 * The extras bought on the same order as the receipt's places (a jersey in a size), each with what
 * it asks and what was paid towards it; the place's own totals below leave them out. Nothing
 * when the order has none.
 */
export function ReceiptExtras({ extras }: { extras: readonly ReceiptExtra[] }) {
  if (extras.length === 0) return null
  return (
    <>
      <h2>Extras on the same order</h2>
      <div className="table-scroll receipt-table" tabIndex={0} role="region" aria-label="Extras on the same order">
        <table>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="receipt-money">
                Price
              </th>
              <th scope="col" className="receipt-money">
                Paid
              </th>
            </tr>
          </thead>
          <tbody>
            {extras.map((extra) => (
              <tr key={extra.lineId}>
                <th scope="row">{extra.description}</th>
                <td className="receipt-money">{formatMoney(extra.amountDueCents)}</td>
                <td className="receipt-money">{formatMoney(extra.paidCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
