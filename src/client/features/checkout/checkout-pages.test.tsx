import { describe, expect, test } from 'vitest'
import type { CheckoutLine, CheckoutState, OrderCheckout } from '../../../shared/contracts/checkout.ts'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import type { SessionUser } from '../../../shared/contracts/session.ts'
import { pageAnswers, renderPage } from '../../render-page.tsx'
import { testCustomer, testSite } from '../../render-fixtures.ts'
import type { SiteConfig } from '../../site-config.ts'

/*
 * The two checkout pages as the server renders them for their payer (render-page.tsx, decision
 * 0019), from the answers of src/shared/contracts/checkout.ts: every state of an order and of a
 * payment, without a server. The browser takes this markup over as it is.
 */

const site: SiteConfig = { ...testSite, paysOnline: true }

const payer: SessionUser = { ...testCustomer, email: 'parent@example.com' }

const line = (overrides: Partial<CheckoutLine> = {}): CheckoutLine => ({
  id: 'line-1',
  description: 'Robotics Academy — Maya Park',
  listPriceCents: 6000,
  priceCents: 5000,
  familyDiscountCents: 0,
  discountCents: 0,
  adjustedCents: 0,
  amountDueCents: 5000,
  paidCents: 500,
  openCents: 4500,
  dueNowCents: 4500,
  plan: null,
  released: false,
  waiting: false,
  removable: false,
  receiptHref: '/academyReceipt/user/u-1/academy/a-1',
  ...overrides,
})

const order = (overrides: Partial<OrderCheckout> = {}): OrderCheckout => ({
  orderId: 'o-1',
  yours: true,
  payer: { id: 'u-1', name: 'Pat Parent' },
  lines: [line()],
  discountCode: null,
  totalCents: 5000,
  paidCents: 500,
  openCents: 4500,
  dueNowCents: 4500,
  heldUntil: null,
  paysOnline: true,
  paying: null,
  extras: [],
  ...overrides,
})

const payment = (overrides: Partial<CheckoutState> = {}): CheckoutState => ({
  id: 'c-1',
  orderId: 'o-1',
  status: 'paid',
  amountCents: 4500,
  card: { brand: 'visa', last4: '4242' },
  ...overrides,
})

/** A link as React Router renders it (it adds attributes of its own). */
const link = (to: string, text: string) => new RegExp(`href="${to}"[^>]*>${text}</a>`)

/** The page at `path` rendered with `bodies`, in the order pageAnswers names its answers. */
async function render(path: string, bodies: unknown[], settings: SiteConfig = site, reader: SessionUser = payer): Promise<string> {
  const answers = (await pageAnswers(path, reader)).map((answer, n) => ({ queryKey: answer.queryKey, json: JSON.stringify(bodies[n]) }))
  expect(answers).toHaveLength(bodies.length)
  const { html } = await renderPage(settings, path, answers, reader)
  return html
}

/** An employee at the front desk, reading the customer's pages. */
const employee: SessionUser = { ...testCustomer, uid: 'employee-1', email: 'desk@example.com', displayName: 'Dana Desk', isEmployee: true, userRole: 'employee' }

const checkoutPage = (o: OrderCheckout, settings?: SiteConfig, reader?: SessionUser) => render('/checkout/o-1', [{ order: o }], settings, reader)
const paymentPage = (p: CheckoutState, o: OrderCheckout = order({ dueNowCents: 0, paidCents: 5000 })) =>
  render('/checkout/o-1/paid/c-1', [{ checkout: p }, { order: o }])

describe('the checkout page', () => {
  test('shows each line with its early-bird price, the totals and a button that pays what is due now', async () => {
    const html = await checkoutPage(order())
    expect(html).toContain('<h1>Checkout</h1>')
    expect(html).toContain('Robotics Academy — Maya Park')
    expect(html).toContain('$60.00')
    expect(html).toContain('Early-bird $50.00')
    expect(html).toMatch(/<dt>Due now<\/dt><dd>\$45\.00<\/dd>/)
    expect(html).toMatch(/<button type="button" class="button">Pay \$45\.00 now<\/button>/)
    expect(html).not.toContain('Loading')
  })

  test('says until when the places are held, in the facility’s time', async () => {
    const heldUntil = new Date(Date.now() + 20 * 60_000).toISOString()
    const html = await checkoutPage(order({ heldUntil }))
    expect(html).toMatch(/Your places are held until [^.]*\d{1,2}:\d{2}\s[AP]M\. Pay by then or they go to the next person\./)
  })

  test('without payment online, says the front desk takes it, and offers no button', async () => {
    const html = await checkoutPage(order({ paysOnline: false }), { ...site, paysOnline: false })
    expect(html).toContain('Payment is taken at the front desk.')
    expect(html).not.toContain('Pay $45.00 now')
  })

  test('while a bank debit is being confirmed, offers no second payment; a payment page left open is offered again', async () => {
    const clearing = await checkoutPage(order({ paying: payment({ status: 'processing', card: null }) }))
    expect(clearing).toContain('A payment for this order is being confirmed.')
    expect(clearing).not.toContain('Pay $45.00 now')
    const left = await checkoutPage(order({ paying: payment({ status: 'open', card: null }) }))
    expect(left).not.toContain('being confirmed')
    expect(left).toContain('Pay $45.00 now')
  })

  test('with nothing owed, says so and links each receipt once', async () => {
    const paid = line({ paidCents: 5000, openCents: 0 })
    const html = await checkoutPage(order({ lines: [paid, { ...paid, id: 'line-2', description: 'Robotics Academy — Leo Park' }], paidCents: 10000, totalCents: 10000, openCents: 0, dueNowCents: 0 }))
    expect(html).toContain('Nothing is owed on this order.')
    expect(html).toMatch(link('/academyReceipt/user/u-1/academy/a-1', 'Receipt for Robotics Academy — Maya Park, Robotics Academy — Leo Park'))
    expect(html).not.toContain('now</button>')
  })

  test('a place released unpaid is said to be, beside nothing owed', async () => {
    const released = line({ amountDueCents: 0, paidCents: 0, openCents: 0, dueNowCents: 0, released: true })
    const html = await checkoutPage(order({ lines: [released], totalCents: 0, paidCents: 0, openCents: 0, dueNowCents: 0 }))
    expect(html).toContain('The place for Robotics Academy — Maya Park was released: it was not paid in time.')
    expect(html).toContain('Nothing is owed on this order.')
  })

  test('offers the extras that go with the order, each in its sizes, and a Remove button for one added and not paid', async () => {
    const jersey = line({ id: 'line-2', description: 'Team jersey, size M', listPriceCents: 2500, priceCents: 2500, amountDueCents: 2500, paidCents: 0, openCents: 2500, receiptHref: null, removable: true })
    const html = await checkoutPage(order({ lines: [line(), jersey], extras: [{ productId: 'p-jersey', name: 'Team jersey', priceCents: 2500, sizes: ['S', 'M'] }] }))
    expect(html).toContain('<h2 id="checkout-extras-heading">Extras</h2>')
    expect(html).toMatch(/<form class="checkout-extra" aria-label="Team jersey"/)
    expect(html).toContain('<option value="" selected="">Choose a size</option><option value="S">S</option><option value="M">M</option>')
    expect(html).toMatch(/<label for="extra-quantity-p-jersey">Quantity<\/label><input id="extra-quantity-p-jersey" type="number" inputMode="numeric" min="1" max="10" step="1" value="1"\/>/)
    expect(html).toMatch(/Remove<span class="visually-hidden"> Team jersey, size M<\/span><\/button>/)
  })

  test('read by staff, shows whose order it is and its code with none of the payer’s buttons or forms, and leads to the customer’s record at the desk', async () => {
    const jersey = line({ id: 'line-2', description: 'Team jersey, size M', listPriceCents: 2500, priceCents: 2500, amountDueCents: 2500, paidCents: 0, openCents: 2500, receiptHref: null, removable: true })
    const extras = [{ productId: 'p-jersey', name: 'Team jersey', priceCents: 2500, sizes: ['S', 'M'] }]
    const html = await checkoutPage(order({ yours: false, lines: [line({ paidCents: 0 }), jersey], paidCents: 0, extras, discountCode: { code: 'KIDS15', discountCents: 750 } }), site, employee)
    expect(html).toContain('Team jersey, size M')
    expect(html).toMatch(/<strong>KIDS15<\/strong> applied/)
    expect(html).toContain('<h2 id="checkout-order-heading">Pat Parent’s order</h2>')
    expect(html).toContain('This is Pat Parent’s order: only they change it or pay it online. Take a payment at the front desk, on their record.')
    expect(html).toMatch(link('/desk/customer/u-1', 'Pat Parent<!-- --> at the front desk'))
    expect(html).toMatch(link('/desk/customer/u-1', 'Back to <!-- -->Pat Parent<!-- -->’s record'))
    for (const notForStaff of ['Pending Registrations', 'Your order', 'Back to your account', 'Remove code', 'Choose a size', 'Remove<span', 'now</button>']) expect(html).not.toContain(notForStaff)
  })

  test('under a payment plan, lists each part and offers the deposit now or everything', async () => {
    const parts = [
      { dueDate: null, amountCents: 2000, paidCents: 0, state: 'due' as const },
      { dueDate: '2027-01-15', amountCents: 1500, paidCents: 0, state: 'upcoming' as const },
      { dueDate: '2027-02-15', amountCents: 1500, paidCents: 0, state: 'overdue' as const },
    ]
    const html = await checkoutPage(order({ lines: [line({ paidCents: 0, openCents: 5000, dueNowCents: 3500, plan: parts })], paidCents: 0, openCents: 5000, dueNowCents: 3500 }))
    expect(html).toContain('Deposit $20.00: due now')
    expect(html).toContain('$15.00 due 1/15/2027: not due yet')
    expect(html).toMatch(/<li class="checkout-overdue">\$15\.00 due 2\/15\/2027: overdue<\/li>/)
    expect(html).toMatch(/<button type="button" class="button">Pay \$35\.00 now<\/button>/)
    expect(html).toMatch(/<button type="button" class="button secondary">Pay all \$50\.00 now<\/button>/)
    expect(html).toContain('Still to pay')
  })
})

describe('the page Stripe sends the payer back to', () => {
  test('paid: the payment received, the card, and the receipt', async () => {
    const html = await paymentPage(payment())
    expect(html).toContain('<h1>Payment</h1>')
    expect(html).toContain('<h2>Payment received</h2>')
    expect(html).toContain('$45.00 paid with Visa ending 4242.')
    expect(html).toMatch(link('/academyReceipt/user/u-1/academy/a-1', 'See your receipt'))
    expect(html).toMatch(link('/account', 'Back to your account'))
  })

  test('paid for several receipts: "See your receipt" leads to the order, which lists them', async () => {
    const html = await paymentPage(payment(), order({ lines: [line(), line({ id: 'line-2', receiptHref: '/receipt/user/u-1/league/l-1/registration/r-1' })] }))
    expect(html).toMatch(link('/checkout/o-1', 'See your receipt'))
  })

  test('being confirmed: said in a polite live region, with no receipt yet', async () => {
    for (const status of ['open', 'processing'] as const) {
      const html = await paymentPage(payment({ status, card: null }))
      expect(html).toMatch(/<div role="status" aria-live="polite" class="checkout-outcome"><p>Your payment is being confirmed…<\/p><\/div>/)
      expect(html).not.toContain('Payment received')
      expect(html).not.toContain('See your receipt')
    }
  })

  test('expired: the held places were released', async () => {
    const html = await paymentPage(payment({ status: 'expired', card: null }))
    expect(html).toContain('This payment was not completed; your held places were released.')
  })

  test('failed: back to the checkout to try again', async () => {
    const html = await paymentPage(payment({ status: 'failed', card: null }))
    expect(html).toContain('The payment did not go through.')
    expect(html).toMatch(link('/checkout/o-1', 'Back to checkout'))
  })
})

describe('a receipt with a balance in an order', () => {
  const receipt: Receipt = {
    id: 'r-1',
    offering: { kind: 'league-place', id: 'off-1', name: 'Winter Soccer', startDate: '2027-01-10', endDate: '2027-03-10', ownerId: 'l-1', details: { kind: 'league-place', league: { id: 'l-1', sport: 'soccer' } } },
    userId: 'u-1',
    registrantName: 'Pat Parent',
    registrantEmail: 'parent@example.com',
    child: null,
    status: 'confirmed',
    waitlistPosition: null,
    waitlistSize: 0,
    offerExpiresAt: null,
    receiptNumber: 'R-1001',
    priceCents: 4500,
    paidCents: 0,
    balanceCents: 4500,
    orderId: 'o-1',
    plan: null,
    createdAt: '2027-01-02T15:00:00Z',
    payments: [],
    charges: null,
    extras: [],
  }
  const path = '/receipt/user/u-1/league/l-1/registration/r-1'

  test('links its checkout where the site takes payment online', async () => {
    expect(await render(path, [{ receipt }])).toMatch(link('/checkout/o-1', 'Pay online'))
  })

  test('lists the extras bought on its order, with what each asks and what was paid', async () => {
    const html = await render(path, [{ receipt: { ...receipt, extras: [{ lineId: 'x-1', description: 'Team jersey, size M', amountDueCents: 2500, paidCents: 2500, payments: [] }] } }])
    expect(html).toContain('Extras on the same order')
    expect(html).toMatch(/Team jersey, size M<\/th><td class="receipt-money">\$25\.00<\/td><td class="receipt-money">\$25\.00<\/td>/)
    expect(await render(path, [{ receipt }])).not.toContain('Extras on the same order')
  })

  test('opened by staff, names whose order it reviews and leads back to the customer’s record, not the staff member’s account', async () => {
    for (const settings of [site, { ...site, paysOnline: false }]) {
      const html = await render(path, [{ receipt }], settings, employee)
      expect(html).toMatch(link('/checkout/o-1', 'Review Pat Parent’s order'))
      expect(html).toMatch(link('/desk/customer/u-1', 'Back to <!-- -->Pat Parent<!-- -->’s record'))
      for (const payersOnly of ['Review your order', 'Pay online', 'Back to your account']) expect(html).not.toContain(payersOnly)
    }
    expect(await render(path, [{ receipt }], { ...site, paysOnline: false })).toMatch(link('/checkout/o-1', 'Review your order'))
  })

  test('says nothing new without payment online, or with nothing owed', async () => {
    expect(await render(path, [{ receipt }], { ...site, paysOnline: false })).not.toContain('Pay online')
    expect(await render(path, [{ receipt: { ...receipt, paidCents: 4500, balanceCents: 0 } }])).not.toContain('Pay online')
  })
})
