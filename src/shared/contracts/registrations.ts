import { z } from 'zod'
import { WEEKDAYS } from '../academy-schedule.ts'
import { AdjustmentForm, DeskPaymentForm, MONEY_MOVES, PAYMENT_METHODS, REFUND_STATUSES } from '../schemas/payments.ts'
import { OFFERING_KINDS, REGISTRATION_STATUSES, type OfferingKind } from '../schemas/registration.ts'
import { contract, formBody, pathId } from './contract.ts'

/** A payment or refund of a registration. */
export const Payment = z.object({
  id: z.string(),
  move: z.enum(MONEY_MOVES).describe('money paid, or given back from a payment'),
  amountCents: z.number().int().describe('negative for a refund'),
  method: z.enum(PAYMENT_METHODS).describe('how it was paid; for a refund, how the refunded payment was paid'),
  reference: z.string().nullable(),
  card: z
    .object({ brand: z.string().describe("the card's brand as Stripe names it: visa, mastercard …"), last4: z.string() })
    .nullable()
    .describe('the card that paid online; for a refund, the card it goes back to; null at the desk'),
  status: z.enum(REFUND_STATUSES).describe("a refund through Stripe is pending until Stripe confirms it, and a failed one gave nothing back; a payment is 'succeeded'"),
  recordedAt: z.string().describe('ISO 8601 time'),
  lineId: z.string().describe("the order line of this registration the money went to or came back from: a refund from this registration's panel names it"),
  refundableCents: z.number().int().nullable().describe('a payment: what is left of it on this line to refund, its refunds (pending ones too, not failed ones) taken off; null for a refund'),
})
export type Payment = z.infer<typeof Payment>

/** When an offering that meets on set days (an academy, a camp, a drop-in session) meets. */
export const Schedule = z.object({
  weekdays: z.array(z.literal(WEEKDAYS)),
  startTime: z.string().nullable().describe('HH:MM, the facility time zone'),
  endTime: z.string().nullable(),
  sessionDates: z.array(z.string()).describe('YYYY-MM-DD, every date it meets on'),
})
export type Schedule = z.infer<typeof Schedule>

const LeagueOf = z.object({ id: z.string(), sport: z.string() }).describe('the league the place is in')
const TeamOf = z.object({ id: z.string(), name: z.string() }).describe('the team entered or joined')

/**
 * What each kind of place tells of itself beside the facts every place has, keyed by `kind`: each
 * kind's `details` reader (server core/registrations/kinds.ts `Kind`) answers its own member, so a
 * kind added to OFFERING_KINDS without one here fails the typecheck.
 */
export const OfferingDetails = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('league-place'), league: LeagueOf }),
    z.object({ kind: z.literal('team-place'), league: LeagueOf, team: TeamOf }),
    z.object({ kind: z.literal('roster-place'), league: LeagueOf, team: TeamOf }),
    z.object({ kind: z.literal('academy-place'), schedule: Schedule }),
    z.object({ kind: z.literal('camp-place'), schedule: Schedule }),
    z.object({ kind: z.literal('drop-in-place'), schedule: Schedule }),
  ])
  .describe("what the place's kind tells of it: a league's places their league (and team), a program's places when it meets")
export type OfferingDetails = z.infer<typeof OfferingDetails>
/** The details of one kind of place. */
export type DetailsOf<K extends OfferingKind> = Extract<OfferingDetails, { kind: K }>

/**
 * What a place is taken in: a league (a player's place, a team's entry, a place on a team's
 * roster), an academy, a camp or a drop-in session. `name` and the dates are its owner's; what
 * only its kind has is in `details`.
 */
export const OfferingRef = z.object({
  kind: z.enum(OFFERING_KINDS).describe('a place in a league, a team entered in a league, a place on a team roster, a place in an academy, at a camp or at a drop-in session'),
  id: z.string().describe("the offering's id"),
  ownerId: z.string().describe("what the place is in: the league's id (for a team's entry and a roster place too), the academy's, the camp's or the drop-in session's"),
  name: z.string().describe("the league's, academy's, camp's or drop-in session's name"),
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD'),
  details: OfferingDetails,
})
export type OfferingRef = z.infer<typeof OfferingRef>

/** A registration as its owner (and staff) see it. */
export const RegistrationView = z.object({
  id: z.string(),
  offering: OfferingRef,
  userId: z.string(),
  registrantName: z.string(),
  registrantEmail: z.string(),
  child: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  waitlistPosition: z.number().int().nullable().describe('1-based place in the waitlist, while waitlisted'),
  waitlistSize: z.number().int(),
  offerExpiresAt: z.string().nullable(),
  receiptNumber: z.string(),
  priceCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  orderId: z.string().nullable().describe("the order its price is in: its balance is paid at the order's checkout"),
  plan: z
    .object({ depositCents: z.number().int(), dueDates: z.array(z.string()) })
    .nullable()
    .describe('a payment plan it may be paid by: the deposit at sign-up and the days of the other parts (shared/payment-plan.ts works out each part)'),
  createdAt: z.string(),
})
export type RegistrationView = z.infer<typeof RegistrationView>

/** How a place's price came to be: the list price, the price of the day, a discount code and staff adjustments. */
export const Charges = z.object({
  listPriceCents: z.number().int().describe('for a late sign-up charged by the sessions left, the list price of those sessions'),
  sessions: z
    .object({ charged: z.number().int(), inAll: z.number().int() })
    .nullable()
    .describe('a late sign-up to an academy under way, charged for the sessions left: how many of how many; null for the whole price'),
  priceOfDayCents: z.number().int().describe('the early-bird price while it ran, the list price after'),
  familyDiscountCents: z.number().int().describe('what the family discount took off (a second or further child); 0 when none'),
  discount: z.object({ code: z.string(), cents: z.number().int() }).nullable(),
  adjustments: z.array(z.object({ amountCents: z.number().int(), reason: z.string(), at: z.string() })),
  familyDiscountEnded: z
    .object({ amountCents: z.number().int(), reason: z.string(), at: z.string() })
    .nullable()
    .describe('the family discount this place had, taken off again when the sibling who earned it left ("Family discount ended: Maya cancelled"); null when none ended'),
})
export type Charges = z.infer<typeof Charges>

/** An extra bought on the same order as a place (a jersey in a size), with what it asks and what was paid towards it. */
export const ReceiptExtra = z.object({
  lineId: z.string(),
  description: z.string(),
  amountDueCents: z.number().int(),
  paidCents: z.number().int().describe('paid towards it, refunds that went through deducted'),
  payments: z.array(Payment).describe('the payments and refunds of the order, as much of each as went to this extra'),
})
export type ReceiptExtra = z.infer<typeof ReceiptExtra>

export const Receipt = RegistrationView.extend({
  payments: z.array(Payment),
  charges: Charges.nullable().describe('null for a place with no line (a waitlist position taken before prices were kept)'),
  extras: z.array(ReceiptExtra).describe("extras bought on the place's order; paid by the order's payments, not by this place's"),
})
export type Receipt = z.infer<typeof Receipt>

export const RegisterResult = z.object({
  registration: RegistrationView,
  created: z.boolean().describe('false when this answer repeats an earlier registration (double submit, retry)'),
})
export type RegisterResult = z.infer<typeof RegisterResult>

const registrationAnswer = z.object({ registration: RegistrationView })
const receiptAnswer = z.object({ receipt: Receipt })
const registrationId = z.object({ registrationId: pathId })

export const register = contract({
  method: 'POST',
  url: '/api/leagues/:leagueId/registrations',
  access: 'login',
  summary: 'Register yourself or a child: a confirmed place while places last, the waitlist after (send an Idempotency-Key)',
  params: z.object({ leagueId: pathId }),
  body: z.object(
    { childId: z.string({ error: 'Choose which child to register.' }).nullable().optional() },
    { error: 'Send the registration as a JSON object.' },
  ),
  responses: { 200: RegisterResult, 201: RegisterResult },
})

export const myRegistrations = contract({
  method: 'GET',
  url: '/api/registrations/mine',
  access: 'login',
  summary: "Your registrations and your children's",
  responses: { 200: z.object({ registrations: z.array(RegistrationView) }) },
})

export const claimOffer = contract({
  method: 'POST',
  url: '/api/registrations/:registrationId/claim',
  access: 'owner',
  summary: 'Claim a place offered from the waitlist, within its claim window',
  params: registrationId,
  responses: { 200: registrationAnswer },
})

export const cancelRegistration = contract({
  method: 'POST',
  url: '/api/registrations/:registrationId/cancel',
  access: 'owner',
  summary: 'Cancel your own registration',
  params: registrationId,
  responses: { 200: registrationAnswer },
})

export const receiptOfRegistration = contract({
  method: 'GET',
  url: '/api/registrations/:registrationId/receipt',
  access: 'owner',
  summary: "A registration's receipt, whatever it is a place in (its owner — a team's current captain for the team's entry — and staff)",
  params: registrationId,
  responses: { 200: receiptAnswer },
})

export const emailReceipt = contract({
  method: 'POST',
  url: '/api/registrations/:registrationId/receipt/email',
  access: 'staff',
  summary: "Email a registration's receipt to its account holder again (staff, at the family's request); without a mail server it is kept on the Emails page and nothing leaves",
  params: registrationId,
  responses: {
    200: z.object({
      to: z.string().describe("the account holder's address"),
      emailed: z.boolean().describe('whether it leaves the site (a mail server is set up); false: it is kept on the Emails page only'),
    }),
  },
})

export const registrationReceipt = contract({
  method: 'GET',
  url: '/api/receipts/user/:userId/league/:leagueId/registration/:registrationId',
  access: 'owner',
  summary: 'The receipt of one registration (its owner and staff)',
  params: z.object({ userId: pathId, leagueId: pathId, registrationId: pathId }),
  responses: { 200: receiptAnswer },
})

export const leagueReceipt = contract({
  method: 'GET',
  url: '/api/receipts/user/:userId/league/:leagueId',
  access: 'owner',
  summary: "The receipt of a person's registration in a league (its owner and staff)",
  params: z.object({ userId: pathId, leagueId: pathId }),
  responses: { 200: receiptAnswer },
})

/** One line of a registration's history: what happened, who did it, with what. */
export const HistoryEntry = z.object({
  action: z.string(),
  actorName: z.string().nullable().describe('null when the site itself acted (a waitlist offer, an expiry)'),
  details: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
})
export type HistoryEntry = z.infer<typeof HistoryEntry>

export const RegistrationDetail = z.object({
  registration: RegistrationView,
  payments: z.array(Payment),
  extras: z.array(ReceiptExtra).describe("extras bought on the registration's order, which staff may refund from its panel"),
  history: z.array(HistoryEntry),
})
export type RegistrationDetail = z.infer<typeof RegistrationDetail>

export const listPendingRegistrations = contract({
  method: 'GET',
  url: '/api/admin/registrations',
  access: 'staff',
  summary: 'Registrations that hold or wait for a place, of one league or all',
  query: z.object({
    leagueId: z.string({ error: 'Choose a league from the list.' }).max(100, { error: 'Choose a league from the list.' }).optional(),
    q: z
      .string({ error: 'Search for a name as text.' })
      .max(100, { error: 'Search for at most 100 characters.' })
      .optional()
      .describe("part of a registrant's name or email, or of a child's name"),
  }),
  responses: { 200: z.object({ registrations: z.array(RegistrationView) }) },
})

export const readRegistration = contract({
  method: 'GET',
  url: '/api/admin/registrations/:registrationId',
  access: 'staff',
  summary: 'A registration with its payments and history',
  params: registrationId,
  responses: { 200: RegistrationDetail },
})

export const recordDeskPayment = contract({
  method: 'POST',
  url: '/api/admin/registrations/:registrationId/payments',
  access: 'staff',
  summary: 'Record a payment taken at the front desk (cash, card or check), up to the balance',
  params: registrationId,
  body: formBody(DeskPaymentForm),
  responses: { 201: registrationAnswer },
})

export const adjustRegistrationPrice = contract({
  method: 'POST',
  url: '/api/admin/registrations/:registrationId/adjustments',
  access: 'admin',
  summary: 'Take a credit or a scholarship off what a place asks, with the reason (in its history); never more than it still asks',
  params: registrationId,
  body: formBody(AdjustmentForm),
  responses: { 201: registrationAnswer },
})

const ending = z.object(
  { refund: z.boolean({ error: 'refund must be true or false.' }).optional().describe('record a refund of what was paid') },
  { error: 'Send the request as a JSON object.' },
)

export const declineRegistration = contract({
  method: 'POST',
  url: '/api/admin/registrations/:registrationId/decline',
  access: 'staff',
  summary: 'Decline a registration; its place goes to the waitlist',
  params: registrationId,
  body: ending,
  responses: { 200: registrationAnswer },
})

export const cancelRegistrationByStaff = contract({
  method: 'POST',
  url: '/api/admin/registrations/:registrationId/cancel',
  access: 'staff',
  summary: 'Cancel a registration, with a refund if asked; its place goes to the waitlist',
  params: registrationId,
  body: ending,
  responses: { 200: registrationAnswer },
})
