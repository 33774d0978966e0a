import type { OrderCheckout } from '../../../shared/contracts/checkout.ts'
import { formatMoney } from '../../../shared/money.ts'
import { PlanParts } from '../../components/plan-parts.tsx'
import { earlyBirdText, orderHeading } from './checkout-text.ts'

/** An order's lines, with what an early-bird price, the family discount and a discount code took off, each payment plan's parts, and its totals. */
export function OrderLines({ order }: { order: OrderCheckout }) {
  const familyDiscountCents = order.lines.reduce((sum, line) => sum + line.familyDiscountCents, 0)
  return (
    <article className="receipt checkout-order" aria-labelledby="checkout-order-heading">
      <h2 id="checkout-order-heading">{orderHeading(order)}</h2>
      <div className="table-scroll receipt-table receipt-cards" tabIndex={0} role="region" aria-label="Order lines">
        <table>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="receipt-money">
                Price
              </th>
              <th scope="col" className="receipt-money">
                Amount
              </th>
              <th scope="col" className="receipt-money">
                Paid
              </th>
              <th scope="col" className="receipt-money">
                To pay
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => {
              const earlyBird = earlyBirdText(line)
              return (
                <tr key={line.id}>
                  <th scope="row">
                    {line.description}
                    {line.plan && <PlanParts parts={line.plan} label={`Payment plan for ${line.description}`} />}
                  </th>
                  <td data-label="Price" className="receipt-money">
                    {formatMoney(line.listPriceCents)}
                    {earlyBird && <span className="checkout-early-bird"> {earlyBird}</span>}
                  </td>
                  <td data-label="Amount" className="receipt-money">
                    {formatMoney(line.amountDueCents)}
                    {line.familyDiscountCents > 0 && <span className="checkout-early-bird"> {formatMoney(line.familyDiscountCents)} family discount</span>}
                    {line.discountCents > 0 && <span className="checkout-early-bird"> {formatMoney(line.discountCents)} off</span>}
                    {line.adjustedCents > 0 && <span className="checkout-early-bird"> {formatMoney(line.adjustedCents)} adjusted</span>}
                  </td>
                  <td data-label="Paid" className="receipt-money">{formatMoney(line.paidCents)}</td>
                  <td data-label="To pay" className="receipt-money">{formatMoney(line.openCents)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      <dl className="receipt-totals">
        {familyDiscountCents > 0 && (
          <div>
            <dt>Family discount</dt>
            <dd>−{formatMoney(familyDiscountCents)}</dd>
          </div>
        )}
        {order.discountCode && (
          <div>
            <dt>Discount ({order.discountCode.code})</dt>
            <dd>−{formatMoney(order.discountCode.discountCents)}</dd>
          </div>
        )}
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(order.totalCents)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatMoney(order.paidCents)}</dd>
        </div>
        {order.openCents !== order.dueNowCents && (
          <div>
            <dt>Still to pay</dt>
            <dd>{formatMoney(order.openCents)}</dd>
          </div>
        )}
        <div className="checkout-due">
          <dt>Due now</dt>
          <dd>{formatMoney(order.dueNowCents)}</dd>
        </div>
      </dl>
    </article>
  )
}
