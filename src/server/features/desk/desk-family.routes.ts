import type { FastifyInstance } from 'fastify'
import { addChildAtDesk, addExtraAtDesk, applyDiscountAtDesk, signUpForAcademyAtDesk, updateChildAtDesk } from '../../../shared/contracts/desk-family.ts'
import { facilityToday } from '../../../shared/format.ts'
import { ChildForm } from '../../../shared/schemas/children.ts'
import { addChild, findChild, updateChild, type ChildInput } from '../../core/children.queries.ts'
import { applyDiscountCode } from '../../core/payments/discounts.ts'
import { holdOfferingsOfOrder } from '../../core/registrations/capacity.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { openAcademyOffering } from '../academies/academy-kind.ts'
import { signUpAtDesk } from '../../core/registrations/programs.ts'
import { confirmPaidHolds } from '../../core/registrations/waitlist.ts'
import { inTransaction } from '../../db/transaction.ts'
import { madeOrRepeated, serve, type RouteDeps } from '../../http/contract.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import { addExtra, checkoutUnderWay, findOrderCheckout, findOrderPayer } from '../checkout/checkout.queries.ts'
import { customerRecord, findCustomerAccount } from './desk.queries.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { actorOf } from '../../http/actor.ts'

/**
 * The desk sells everything a family can buy (issue 30, docs/decisions/0016): a customer's
 * children, an academy's places, a discount code and an extra, each through the function the
 * customer's own road calls, with the customer as the one who buys and staff as the one who acts.
 * Every route is `staff` (from its contract), and reaches customers' accounts only.
 */
export function registerDeskFamilyRoutes(app: FastifyInstance, { db, config, now, kinds }: RouteDeps & { kinds: Kinds }): void {
  const timeZone = config.site.timeZone

  /** The customer's account, the guard of each route: a staff account is out of the desk's reach, as on the record itself (desk.routes.ts). */
  async function accountOf(userId: string) {
    const account = await findCustomerAccount(db, userId)
    if (!account) throw notFound('There is no such customer.')
    return account
  }

  /** The customer's whole record, read once for the answer. */
  const recordOf = (userId: string) => customerRecord(db, kinds, userId, { now: now(), timeZone })

  /** A child's entry is the customer's (their record's history), naming the child. */
  const childEntry = (customer: { id: string; displayName: string }, child: ChildInput) => ({ kind: 'user' as const, id: customer.id, label: `${customer.displayName}: ${child.firstName} ${child.lastName}` })

  serve(app, addChildAtDesk, async (req, _reply, { user: staff }) => {
    const customer = await accountOf(req.params.userId)
    const input = childInput(req.body)
    const at = now()
    // No `most`: the children limit is for accounts adding their own; the desk sees the family (issue 30).
    const child = await inTransaction(db, async (tx) => {
      const added = await addChild(tx, customer.id, input, at)
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'child-added', entity: childEntry(customer, input), before: null, after: { childId: added.id, ...input }, now: at })
      return added
    })
    return { child, customer: await recordOf(customer.id) }
  })

  serve(app, updateChildAtDesk, async (req, _reply, { user: staff }) => {
    const customer = await accountOf(req.params.userId)
    const input = childInput(req.body)
    const at = now()
    const child = await inTransaction(db, async (tx) => {
      const before = await findChild(tx, customer.id, req.params.childId)
      if (!before || !(await updateChild(tx, customer.id, req.params.childId, input, at))) return undefined
      const was = Object.fromEntries(Object.keys(input).map((field) => [field, before[field as keyof ChildInput]]))
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'child-changed', entity: childEntry(customer, input), before: was, after: { ...input }, now: at })
      return findChild(tx, customer.id, req.params.childId)
    })
    if (!child) throw notFound('There is no such child on this customer’s account.')
    return { child, customer: await recordOf(customer.id) }
  })

  serve(app, signUpForAcademyAtDesk, async (req, reply, { user: staff }) => {
    const signUp = { ...req.body, idempotencyKey: idempotencyKeyOf(req), now: now() }
    const by = { customerId: req.params.userId, staff: actorOf(req, staff) }
    return madeOrRepeated(reply, await signUpAtDesk(db, { config, kinds }, by, signUp, () => openAcademyOffering(db, req.params.academyId)))
  })

  /** The customer and one of their orders, open to change: no payment of it is being confirmed. */
  async function customerOrder(userId: string, orderId: string) {
    const customer = await accountOf(userId)
    if ((await findOrderPayer(db, orderId)) !== customer.id) throw notFound('There is no such order.')
    if ((await checkoutUnderWay(db, orderId, now()))?.status === 'processing') throw conflict('A payment for this order is being confirmed.')
    return customer
  }

  /** The order as staff read it at its checkout (not theirs: none of the payer's buttons), with the record it changed. */
  const answer = async ({ orderId, customerId, staffId, at }: { orderId: string; customerId: string; staffId: string; at: Date }) => ({
    order: await findOrderCheckout(db, orderId, { paysOnline: config.site.paysOnline, now: at, timeZone, readerId: staffId }),
    customer: await recordOf(customerId),
  })

  serve(app, applyDiscountAtDesk, async (req, _reply, { user: staff }) => {
    const { userId, orderId } = req.params
    const customer = await customerOrder(userId, orderId)
    const at = now()
    // The payer's road in the same steps (checkout.routes.ts): the use is the customer's, so a
    // code's per-person limit counts it; a place the code leaves nothing to pay on is confirmed by staff.
    await inTransaction(db, async (tx) => {
      await holdOfferingsOfOrder(tx, orderId)
      await applyDiscountCode(tx, { orderId, userId: customer.id, code: req.body.code, today: facilityToday(at, timeZone), now: at })
      await confirmPaidHolds(tx, orderId, { actorId: staff.id, now: at, timeZone: config.site.timeZone, siteUrl: config.publicUrl, kinds, paysOnline: config.site.paysOnline })
      const entity = { kind: 'user' as const, id: customer.id, label: customer.displayName }
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'discount-applied', entity, before: null, after: { orderId, code: req.body.code }, now: at })
    })
    return answer({ orderId, customerId: customer.id, staffId: staff.id, at })
  })

  serve(app, addExtraAtDesk, async (req, _reply, { user: staff }) => {
    const { userId, orderId } = req.params
    const customer = await customerOrder(userId, orderId)
    const at = now()
    await inTransaction(db, async (tx) => {
      const extra = { orderId, payerUserId: customer.id, productId: req.body.productId, size: req.body.size, quantity: req.body.quantity, today: facilityToday(at, timeZone), now: at }
      const added = await addExtra(tx, extra)
      const entity = { kind: 'user' as const, id: customer.id, label: customer.displayName }
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'extra-added', entity, before: null, after: { orderId, ...added }, now: at })
    })
    return answer({ orderId, customerId: customer.id, staffId: staff.id, at })
  })
}

function childInput(body: unknown): ChildInput {
  const form = parseForm(ChildForm, body)
  return { ...form, notes: form.notes === '' ? null : form.notes }
}
