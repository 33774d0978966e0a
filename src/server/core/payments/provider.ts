import type { PaymentProvider as ProviderName, RefundStatus } from '../../../shared/schemas/payments.ts'

/**
 * A payment provider: whoever takes a family's money — on a page of its own, telling the site what
 * became of it, or in person at the front desk (decision 0023). The checkout (features/checkout) keeps the site's side — the
 * checkout row and its lines, the held places, the payment and refunds on the books — and asks
 * the provider only what it alone knows. One provider is built where the app is built
 * (app.ts) and handed down: the provider online whose keys are set, otherwise the front desk.
 *
 * What a provider online must do:
 *
 * - Answer every call from the provider's own record, never from the site's database: the site
 *   reads it before a transaction and applies it inside one, conditionally, so the same answer
 *   applied twice (an event and the sweep, two deliveries) changes nothing the second time.
 * - Take the site's ids as idempotency keys (the checkout's for a page, the refund's for a
 *   refund), so a request repeated after a timeout or by a job run twice makes one page and one
 *   refund.
 * - Carry the checkout's id with its page and the refund's id with its refund, and give them
 *   back in its events, so an event always finds the row it is about.
 * - Verify an event delivered to the site (its signature) before the site reads it, and list
 *   the events made since a moment, so a delivery that never arrived is still applied.
 */
export interface PaymentProvider {
  /** Its name on the payments, refunds, checkouts and events it recorded here. */
  readonly name: ProviderName
  /**
   * Whether its payers pay on a page of its own. The front desk (front-desk.ts) opens none: its
   * payments are taken in person and recorded by staff, so no place is held for one and the
   * checkout says where to pay.
   */
  readonly online: boolean
  /** The smallest payment it takes: a place costing less is never held for one. */
  readonly minimumCents: number
  /** Opens the page where the payer pays a checkout. */
  openPage(request: PageRequest): Promise<OpenedPage>
  /** Ends a page still open, so it takes no money; answers how the page stands then. */
  expirePage(externalId: string): Promise<PageState>
  /** How a page stands: whether its payer paid, and with which card. */
  readPayment(externalId: string): Promise<PageState>
  /** Gives back part or all of a payment it took; answers its refund's id and how it stands. */
  refund(request: RefundRequest): Promise<ProviderRefund>
  /** An event delivered to the site, verified against its signature; throws when it is not valid. */
  verifyEvent(rawBody: string | Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): PaymentEvent
  /** Its events since `from` (at the latest), oldest or newest first: the site skips those it applied. */
  eventsSince(from: Date): AsyncIterable<PaymentEvent>
}

export interface PageRequest {
  /** The checkout's id: the page's idempotency key, carried back in its events. */
  checkoutId: string
  orderId: string
  payerEmail: string
  /** What the payer sees on the page, one line each, summing to what the checkout asks. */
  lines: readonly { description: string; amountCents: number }[]
  /** Where the payer comes back to after paying, and after giving up. */
  doneUrl: string
  cancelUrl: string
  now: Date
}

export interface OpenedPage {
  externalId: string
  /** Where the payer is sent to pay. */
  url: string
}

export interface Card {
  brand: string
  last4: string
}

/** A page as the provider has it. */
export interface PageState {
  externalId: string
  /** `complete` without `paid`: a bank debit is clearing. */
  status: 'open' | 'complete' | 'expired'
  paid: boolean
  amountCents: number
  /** The provider's id of the money taken, which a refund names; null until paid. */
  reference: string | null
  /** The card that paid, for the receipt; null for a bank debit, or when the event did not say. */
  card: Card | null
}

export interface RefundRequest {
  /** The site's refund id: the refund's idempotency key, carried back in its events. */
  refundId: string
  amountCents: number
  /** The payment given back from: the page's id and the money's reference, as recorded. */
  payment: { externalId: string | null; reference: string | null }
}

export interface ProviderRefund {
  externalId: string
  status: RefundStatus
}

/** An event of the provider's, in the site's words: what it is about, if anything here. */
export interface PaymentEvent {
  id: string
  type: string
  createdAt: Date
  about:
    /** A page moved on; `failed` when a bank debit bounced. An expiry says the page ended unpaid, whatever else it says. */
    | { page: PageState; checkoutId: string | null; failed: boolean }
    /** A refund moved on: the site's id when it carries one, and the provider's. */
    | { refund: { refundId: string | null; externalId: string; status: RefundStatus } }
    | null
}
