import type { FastifyInstance, FastifyRequest } from 'fastify'
import { addOrderExtra, applyOrderDiscount, getCheckout, removeOrderExtra, getOrderCheckout, payOrder, refundPayment, removeOrderDiscount } from '../../../shared/contracts/checkout.ts'
import { centsFromDollars } from '../../../shared/money.ts'
import { RefundForm } from '../../../shared/schemas/payments.ts'
import { recordRefund } from '../../core/payments/orders.queries.ts'
import { afterRefund } from '../../core/registrations/registration-changes.ts'
import { parseForm } from '../../http/forms.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import { facilityToday } from '../../../shared/format.ts'
import { applyDiscountCode, removeDiscountCode } from '../../core/payments/discounts.ts'
import { inTransaction } from '../../db/transaction.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { isStaff } from '../../../shared/roles.ts'
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { addExtra, changeCheckout, checkoutUnderWay, findCheckout, findOrderCheckout, findOrderPayer, openCheckout, openingPage, removeExtra, pageOpened } from './checkout.queries.ts'
import type { Payments } from './payment-events.ts'
import { confirmPaidHolds } from '../../core/registrations/waitlist.ts'
import { holdOffering, holdOfferingsOfOrder } from '../../core/registrations/capacity.ts'
import { findRegistrationView } from '../../core/registrations/registrations.queries.ts'
import { placeOfView, recordStaffAction } from '../../core/audit.ts'
import { actorOf } from '../../http/actor.ts'

/**
 * A checkout ends after half an hour, or with the hold of the order's places if that comes sooner;
 * the provider's page may outlive it, and the sweep then expires the page (checkout-sweeper.ts),
 * so a page is never paid after its places' deadline (decision 0022).
 */
const CHECKOUT_MS = 30 * 60_000

const NOT_ONLINE = 'Payment is taken at the front desk.'
const PAGE_NOT_OPENED = 'The payment page could not be opened. Please try again in a minute, or pay at the front desk.'

/**
 * One checkout for everything an order owes (issue 24): its payer reads it and pays it on the
 * payment provider's page; the provider's events come back to its webhook (decision 0023). With
 * the front desk as the provider the order still reads, and paying is the desk's.
 */
export function registerCheckoutRoutes(app: FastifyInstance, { db, config, now, payments }: RouteDeps & { payments: Payments }): void {
  const { provider } = payments
  /** An order as `readerId` reads it at its checkout. */
  const orderFor = (orderId: string, readerId: string, at = now()) => findOrderCheckout(db, orderId, { paysOnline: provider.online, now: at, timeZone: config.site.timeZone, readerId })

  serve(app, getOrderCheckout, async (req, _reply, { user }) => {
    const payer = await findOrderPayer(db, req.params.orderId)
    if (!payer || (payer !== user.id && !isStaff(user.role))) throw notFound('There is no such order.')
    return { order: await orderFor(req.params.orderId, user.id) }
  })

  /** The payer changes what the order asks, while no payment of it is being confirmed. */
  const changing = async (orderId: string, userId: string) => {
    if ((await findOrderPayer(db, orderId)) !== userId) throw notFound('There is no such order.')
    if ((await checkoutUnderWay(db, orderId, now()))?.status === 'processing') throw conflict('A payment for this order is being confirmed.')
  }

  serve(app, applyOrderDiscount, async (req, _reply, { user }) => {
    const { orderId } = req.params
    await changing(orderId, user.id)
    const at = now()
    await inTransaction(db, async (tx) => {
      await holdOfferingsOfOrder(tx, orderId)
      await applyDiscountCode(tx, { orderId, userId: user.id, code: req.body.code, today: facilityToday(at, config.site.timeZone), now: at })
      // A code that leaves nothing to pay now makes the held places the family's.
      await confirmPaidHolds(tx, orderId, { actorId: user.id, now: at, timeZone: config.site.timeZone, siteUrl: config.publicUrl, kinds: payments.ctx().kinds, paysOnline: provider.online })
    })
    return { order: await orderFor(orderId, user.id, at) }
  })

  serve(app, removeOrderDiscount, async (req, _reply, { user }) => {
    const { orderId } = req.params
    await changing(orderId, user.id)
    const removed = await inTransaction(db, (tx) => removeDiscountCode(tx, { orderId, userId: user.id }))
    if (!removed) throw conflict('This order has no discount code.')
    return { order: await orderFor(orderId, user.id) }
  })

  serve(app, addOrderExtra, async (req, reply, { user }) => {
    const { orderId } = req.params
    await changing(orderId, user.id)
    const at = now()
    await addExtra(db, { orderId, payerUserId: user.id, productId: req.body.productId, size: req.body.size, quantity: req.body.quantity, today: facilityToday(at, config.site.timeZone), now: at })
    reply.code(201)
    return { order: await orderFor(orderId, user.id, at) }
  })

  serve(app, removeOrderExtra, async (req, _reply, { user }) => {
    const { orderId, lineId } = req.params
    await changing(orderId, user.id)
    // A payment page still open for the extra must not take money for it.
    await closeOpenPage(orderId)
    const at = now()
    await removeExtra(db, { orderId, lineId, by: user.id, today: facilityToday(at, config.site.timeZone), now: at })
    return { order: await orderFor(orderId, user.id) }
  })

  /**
   * Expires the order's payment page still open, if any: a changed order must not be paid at its
   * old amount. A page for `amountCents` is left open and answered: the one to pay it on.
   */
  const closeOpenPage = async (orderId: string, amountCents?: number): Promise<{ checkoutId: string; url: string } | undefined> => {
    const at = now()
    const under = await checkoutUnderWay(db, orderId, at)
    if (under?.status !== 'open' || !under.externalId) return
    if (under.url && under.amountCents === amountCents) return { checkoutId: under.id, url: under.url }
    // Ended here first: the provider's word that the page expired may arrive before it answers,
    // and must find nothing to do — the order's places stay held for the page that replaces it.
    if (!(await changeCheckout(db, under.id, ['open'], { status: 'expired' }, at))) return
    try {
      await provider.expirePage(under.externalId)
    } catch {
      // The page could not be ended (its payer has just paid): it is open again for its events.
      await changeCheckout(db, under.id, ['expired'], { status: 'open' }, at)
      throw conflict('A payment for this order is being confirmed.')
    }
  }

  serve(app, getCheckout, async (req, _reply, { user }) => {
    const checkout = await findCheckout(db, req.params.checkoutId)
    if (!checkout || (checkout.payerUserId !== user.id && !isStaff(user.role))) throw notFound('There is no such payment.')
    return { checkout }
  })

  serve(app, payOrder, async (req, reply, { user }) => {
    const { orderId } = req.params
    if ((await findOrderPayer(db, orderId)) !== user.id) throw notFound('There is no such order.')
    if (!provider.online) throw conflict(NOT_ONLINE)
    const at = now()
    const under = await checkoutUnderWay(db, orderId, at)
    if (under?.status === 'processing') throw conflict('A payment for this order is being confirmed.')
    // Under a payment plan, what is due now unless the payer chose to pay everything.
    const everything = req.body?.pay === 'everything'
    const order = await orderFor(orderId, user.id, at)
    if (order.openCents <= 0) throw conflict('Nothing is owed on this order.')
    const open = order.lines.map((line) => ({ ...line, payingCents: everything ? line.openCents : line.dueNowCents })).filter((line) => line.payingCents > 0)
    const dueCents = open.reduce((sum, line) => sum + line.payingCents, 0)
    if (dueCents === 0) throw conflict('Nothing is due on this order yet: each part of its payment plan is due on its day.')
    if (dueCents < provider.minimumCents) throw conflict(`${formatMoney(dueCents)} is less than a card payment can be: please pay it at the front desk.`)
    const heldUntil = order.heldUntil ? new Date(order.heldUntil) : undefined
    // The order changed since (a discount, a payment at the desk): the old page must not take money
    // too. Unchanged, its page is the answer (Pay pressed again, or the request opening it just done).
    const same = await closeOpenPage(orderId, dueCents)
    if (same) {
      reply.code(201)
      return same
    }
    if (heldUntil && heldUntil <= at) throw conflict('The time to pay for the places held on this order has run out.')
    const expiresAt = new Date(Math.min(at.getTime() + CHECKOUT_MS, heldUntil?.getTime() ?? Infinity))
    const opened = await openCheckout(db, { provider: provider.name, orderId, payerUserId: user.id, lines: open.map((line) => ({ orderLineId: line.id, amountCents: line.payingCents })), expiresAt, now: at })
    const checkoutId = opened.id
    if (opened.earlier) {
      // Pay pressed twice: the other request opened the page, or is asking for it; both answers are that page.
      const { status, url } = await openingPage(db, checkoutId, 10_000)
      // Failed to open (or moved on meanwhile): asked again, this request answers what now holds.
      if (status !== 'open') throw new HttpError(503, PAGE_NOT_OPENED)
      if (!url) throw conflict('Your payment page is being opened: try again in a moment.')
      reply.code(201)
      return { checkoutId, url }
    }
    const site = siteOf(req, config.publicUrl)
    let page
    try {
      page = await provider.openPage({
        checkoutId,
        orderId,
        payerEmail: user.email,
        lines: open.map((line) => ({ amountCents: line.payingCents, description: line.payingCents < line.openCents ? `${line.description} (part of a payment plan)` : line.description })),
        doneUrl: `${site}${href('checkoutDone', { orderId, checkoutId })}`,
        cancelUrl: `${site}${href('checkout', { orderId })}`,
        now: at,
      })
    } catch (error) {
      req.log.error({ err: error, checkoutId }, 'the payment provider did not open a payment page')
      await changeCheckout(db, checkoutId, ['open'], { status: 'failed' }, at)
      throw new HttpError(503, PAGE_NOT_OPENED)
    }
    await pageOpened(db, checkoutId, page, at)
    reply.code(201)
    return { checkoutId, url: page.url }
  })

  serve(app, refundPayment, async (req, reply, { user: admin }) => {
    const form = parseForm(RefundForm, req.body)
    const amountCents = centsFromDollars(form.amount)
    if (amountCents === null) throw badRequest('Enter the amount in dollars and cents, like 45.00.', { amount: 'Enter the amount in dollars and cents, like 45.00.' })
    const at = now()
    const { lineId, lowerPrice = false } = req.body
    const allocations = lineId ? [{ orderLineId: lineId, amountCents }] : undefined
    const { kinds } = payments.ctx()
    const done = await inTransaction(db, async (tx) => {
      // The place the panel refunds from, as it was once its offering is held (a payment committed meanwhile is in it): the entry is the registration's when the refund names its line.
      const line = lineId
        ? await tx.kysely.selectFrom('orderLines as l').innerJoin('registrations as r', 'r.id', 'l.registrationId').select(['r.id', 'r.offeringId']).where('l.id', '=', lineId).executeTakeFirst()
        : undefined
      if (line) await holdOffering(tx, line.offeringId)
      const before = line ? await findRegistrationView(tx, kinds, line.id) : undefined
      const refunded = await recordRefund(tx, { paymentId: req.params.paymentId, amountCents, externalId: null, reason: form.reason, recordedBy: admin.id, now: at, allocations })
      if (refunded.status !== 'recorded') return refunded
      await afterRefund(tx, refunded.id, { reason: form.reason, lowerPrice, by: admin.id, now: at, timeZone: config.site.timeZone, siteUrl: config.publicUrl, kinds })
      const added = { refund: { paymentId: req.params.paymentId, amountCents, reason: form.reason, lowerPrice } }
      const after = before && (await findRegistrationView(tx, kinds, before.id))
      const by = actorOf(req, admin)
      if (before && after) {
        const [was, is] = [placeOfView(before), placeOfView(after)]
        await recordStaffAction(tx, { by, action: 'refund', entity: { kind: 'registration', id: before.id, label: was.label }, before: was.state, after: { ...is.state, ...added }, now: at })
      } else {
        await recordStaffAction(tx, { by, action: 'refund', entity: { kind: 'payment', id: req.params.paymentId, label: `Payment ${req.params.paymentId}` }, before: null, after: added, now: at })
      }
      return refunded
    })
    if (done.status === 'no-payment') throw notFound('There is no such payment.')
    if (done.status === 'over-payment') {
      const line = lineId ? await db.kysely.selectFrom('orderLines').select(['registrationId', 'description']).where('id', '=', lineId).executeTakeFirst() : undefined
      const forWhat = !line ? '' : line.registrationId ? ' for this registration' : ` for ${line.description}`
      throw badRequest(FORM_MESSAGES.invalid, { amount: `The refund is more than is left of this payment${forWhat}.` })
    }
    if (done.status !== 'recorded') throw conflict('This refund was already recorded.')
    const refund = await db.kysely.selectFrom('refunds').select(['id', 'amountCents', 'status']).where('id', '=', done.id).executeTakeFirstOrThrow()
    reply.code(201)
    return { refund }
  })
}

/**
 * Where the provider sends the payer back: the address they are using. The same-origin check has let
 * this request through only from PUBLIC_URL, a listed origin, or (without PUBLIC_URL) the address
 * that reached the server, so its Origin names one of those.
 */
function siteOf(req: FastifyRequest, publicUrl: string): string {
  const origin = req.headers.origin
  return typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin) ? origin : publicUrl
}
