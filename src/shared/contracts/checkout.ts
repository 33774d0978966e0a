import { z } from 'zod'
import { CHECKOUT_STATUSES, EXTRA_QUANTITY_MESSAGE, MOST_OF_AN_EXTRA, MOST_ORDER_LINES, REFUND_STATUSES, RefundForm } from '../schemas/payments.ts'
import { contract, formBody, pathId } from './contract.ts'

/** A part of a payment plan: the deposit at sign-up (no day), or a part due on its day. */
export const PlanPart = z.object({
  dueDate: z.string().nullable().describe('YYYY-MM-DD; null: the deposit, due at sign-up'),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  state: z.enum(['paid', 'due', 'overdue', 'upcoming']).describe('due: its payment link has gone out; overdue: its day has passed unpaid'),
})
export type PlanPart = z.infer<typeof PlanPart>

/** One thing an order asks to be paid, as the checkout and the receipt show it. */
export const CheckoutLine = z.object({
  id: z.string(),
  description: z.string().describe('what it is: "Winter Soccer — Maya Park"'),
  listPriceCents: z.number().int(),
  /** The price of the day the line was made: the early-bird price while it ran, the list price after. */
  priceCents: z.number().int(),
  familyDiscountCents: z.number().int().describe("what the product's family discount took off this line (a second or further child)"),
  discountCents: z.number().int().describe("what the order's discount code took off this line"),
  adjustedCents: z.number().int().describe('what staff adjustments (a credit, a scholarship) took off this line'),
  amountDueCents: z.number().int().describe('what the line asks after discounts; nothing once its place has ended'),
  paidCents: z.number().int(),
  openCents: z.number().int().describe('still to pay'),
  dueNowCents: z.number().int().describe('what is due now: all that is open, or under a payment plan the deposit and the parts due'),
  plan: z.array(PlanPart).nullable().describe('its payment plan, part by part; null: paid in one go'),
  released: z.boolean().describe('its place was held (or offered) and went to the next person, unpaid'),
  waiting: z.boolean().describe('its person is on the waitlist, or offered a place not claimed yet: nothing is charged for it until the place is theirs'),
  removable: z.boolean().describe('an extra not paid yet: its payer may take it off the order'),
  receiptHref: z.string().nullable().describe("the receipt of the line's place"),
})
export type CheckoutLine = z.infer<typeof CheckoutLine>

/** A checkout opened on Stripe and where it stands. */
export const CheckoutState = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  amountCents: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable().describe('the card that paid, once the payment is recorded'),
})
export type CheckoutState = z.infer<typeof CheckoutState>

/** An order at its checkout: every line, the total, what was paid and what is due now. */
export const OrderCheckout = z.object({
  orderId: z.string(),
  yours: z.boolean().describe('whether the reader is its payer: only the payer changes it and pays it online (staff read it)'),
  payer: z.object({ id: z.string(), name: z.string() }).describe('whose order it is: staff reading it are pointed to that customer at the desk'),
  lines: z.array(CheckoutLine),
  discountCode: z.object({ code: z.string(), discountCents: z.number().int() }).nullable().describe("the order's discount code and what it took off in all"),
  totalCents: z.number().int().describe('the sum of the lines'),
  paidCents: z.number().int(),
  openCents: z.number().int().describe('everything still to pay, parts of a payment plan not due yet included'),
  dueNowCents: z.number().int(),
  heldUntil: z.string().nullable().describe('ISO 8601 time: the places held for this order are released unless paid by then'),
  paysOnline: z.boolean().describe('false: the front desk takes payment'),
  paying: CheckoutState.nullable().describe('a payment online under way (being confirmed)'),
  extras: z
    .array(z.object({ productId: z.string(), name: z.string(), priceCents: z.number().int(), sizes: z.array(z.string()) }))
    .describe('extras offered with the fees of the places on this order (a jersey, in sizes), at the price of the day'),
})
export type OrderCheckout = z.infer<typeof OrderCheckout>

const orderId = z.object({ orderId: pathId })

export const getOrderCheckout = contract({
  method: 'GET',
  url: '/api/orders/:orderId',
  access: 'owner',
  summary: 'An order at its checkout: its lines, total, payments and what is due now (its payer, and staff)',
  params: orderId,
  responses: { 200: z.object({ order: OrderCheckout }) },
})

export const payOrder = contract({
  method: 'POST',
  url: '/api/orders/:orderId/checkout',
  access: 'owner',
  summary: "Pay what an order owes on Stripe Checkout: answers the hosted payment page's address (the order's payer)",
  params: orderId,
  body: z.object({ pay: z.enum(['due-now', 'everything']).optional().describe('due-now (the default): the deposit and the parts due of a payment plan; everything: all that is open') }).optional(),
  responses: { 201: z.object({ checkoutId: z.string(), url: z.string() }) },
})

export const applyOrderDiscount = contract({
  method: 'POST',
  url: '/api/orders/:orderId/discount-code',
  access: 'owner',
  summary: "Enter a discount code at an order's checkout: it takes its part off the lines it is for (the order's payer)",
  params: orderId,
  body: z.object({ code: z.string({ error: 'Enter a discount code.' }).trim().min(1, 'Enter a discount code.').max(64, 'A discount code is at most 64 characters.') }, { error: 'Send the discount code as a JSON object.' }),
  responses: { 200: z.object({ order: OrderCheckout }) },
})

export const removeOrderDiscount = contract({
  method: 'POST',
  url: '/api/orders/:orderId/discount-code/remove',
  access: 'owner',
  summary: "Take an order's discount code off before anything is paid (the order's payer)",
  params: orderId,
  body: z.object({}).optional(),
  responses: { 200: z.object({ order: OrderCheckout }) },
})

export const getCheckout = contract({
  method: 'GET',
  url: '/api/checkouts/:checkoutId',
  access: 'owner',
  summary: 'Where a payment online stands: open, being confirmed, paid, expired or failed (its payer, and staff)',
  params: z.object({ checkoutId: pathId }),
  responses: { 200: z.object({ checkout: CheckoutState }) },
})

export const stripeWebhook = contract({
  method: 'POST',
  url: '/api/stripe/webhook',
  access: 'open',
  summary: "Stripe's events (payments, expiries, refunds), each verified by its signature over the body as sent",
  body: z.looseObject({ id: z.string(), type: z.string() }),
  rawBody: true,
  responses: { 200: z.object({ received: z.literal(true) }) },
})

export const refundPayment = contract({
  method: 'POST',
  url: '/api/admin/payments/:paymentId/refunds',
  access: 'admin',
  summary: 'Give back all or part of a payment: through Stripe for one made online (pending until Stripe confirms it), recorded as given for one taken at the desk',
  params: z.object({ paymentId: pathId }),
  body: formBody(RefundForm).extend({
    lineId: pathId.optional().describe("the order line the money comes back from (a registration's, as its panel refunds); without it, the payment's lines oldest first"),
    lowerPrice: z.boolean({ error: 'lowerPrice must be true or false.' }).optional().describe('also take the amount off what the line asks, in the same step: part of a fee given back, not an overpayment; put back if the provider fails the refund, and refused (409) while another refund that lowered the same price is pending'),
  }),
  responses: { 201: z.object({ refund: z.object({ id: z.string(), amountCents: z.number().int(), status: z.enum(REFUND_STATUSES) }) }) },
})

export const addOrderExtra = contract({
  method: 'POST',
  url: '/api/orders/:orderId/extras',
  access: 'owner',
  summary: `Add an extra offered with the order's places (a jersey, in a size and a quantity) as a line of its own (the order's payer); an order takes at most ${MOST_ORDER_LINES} lines`,
  params: orderId,
  body: z.object({
    productId: pathId.describe('an extra of OrderCheckout.extras'),
    size: z.string({ error: 'Choose a size.' }).max(40, { error: 'Choose a size from the list.' }).optional(),
    quantity: z
      .number({ error: EXTRA_QUANTITY_MESSAGE })
      .int({ error: EXTRA_QUANTITY_MESSAGE })
      .min(1, { error: EXTRA_QUANTITY_MESSAGE })
      .max(MOST_OF_AN_EXTRA, { error: EXTRA_QUANTITY_MESSAGE })
      .optional()
      .describe('how many, 1 when left out'),
  }),
  responses: { 201: z.object({ order: OrderCheckout }) },
})

export const removeOrderExtra = contract({
  method: 'POST',
  url: '/api/orders/:orderId/extras/:lineId/remove',
  access: 'owner',
  summary: 'Take an extra not paid yet off the order (its payer)',
  params: z.object({ orderId: pathId, lineId: pathId }),
  body: z.object({}).optional(),
  responses: { 200: z.object({ order: OrderCheckout }) },
})
