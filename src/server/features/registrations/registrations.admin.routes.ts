import type { FastifyInstance } from 'fastify'
import {
  adjustRegistrationPrice,
  cancelRegistrationByStaff,
  declineRegistration,
  emailReceipt,
  listPendingRegistrations as listPending,
  readRegistration,
  recordDeskPayment,
} from '../../../shared/contracts/registrations.ts'
import { centsFromDollars, formatMoney } from '../../../shared/money.ts'
import { AdjustmentForm, DeskPaymentForm, type PaymentMethod } from '../../../shared/schemas/payments.ts'
import { adjustLine } from '../../core/payments/orders.queries.ts'
import { inTransaction } from '../../db/transaction.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { endRegistration, takeDeskPayment, type Ending } from '../../core/registrations/registration-changes.ts'
import { changedRegistration, findRegistrationView, listEvents, listOrderExtras, listPayments, listPendingRegistrations, logEvent } from '../../core/registrations/registrations.queries.ts'
import { serve, type ContractRequest, type Served, type RouteDeps } from '../../http/contract.ts'
import { changePlace, checkEnding, placeOf, type Kinds } from '../../core/registrations/kinds.ts'
import { confirmPaidHolds } from '../../core/registrations/waitlist.ts'
import { holdOffering } from '../../core/registrations/capacity.ts'
import { enqueueEmail } from '../../core/outbox.queries.ts'
import { placeOfView, recordStaffAction, type Actor } from '../../core/audit.ts'
import { actorOf } from '../../http/actor.ts'
import type { Db } from '../../db/connect.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { receiptEmail } from '../../core/registrations/registration-emails.ts'

export const EMPLOYEES_DO_NOT_REFUND = 'Only an admin gives money back: cancel without a refund, and ask an admin to refund what was paid.'

/** Staff tools behind /pendingRegistrations (admin only, product §2). Every change is logged. */
export function registerRegistrationAdminRoutes(app: FastifyInstance, { db, config, now, kinds }: RouteDeps & { kinds: Kinds }): void {
  serve(app, listPending, async (req) => {
    return { registrations: await listPendingRegistrations(db, kinds, { ownerId: req.query.leagueId || undefined, search: req.query.q }) }
  })

  serve(app, readRegistration, async (req) => {
    const registration = await findRegistrationView(db, kinds, req.params.registrationId)
    if (!registration) throw notFound('There is no such registration.')
    const [payments, extras, history] = await Promise.all([listPayments(db, registration.id), listOrderExtras(db, registration.id), listEvents(db, registration.id)])
    return { registration, payments, extras, history }
  })

  serve(app, emailReceipt, async (req, _reply, { user: staff }) => {
    const registration = await findRegistrationView(db, kinds, req.params.registrationId)
    if (!registration) throw notFound('There is no such registration.')
    const at = now()
    await inTransaction(db, async (tx) => {
      await enqueueEmail(tx, receiptEmail(config.publicUrl, registration), at)
      const entity = { kind: 'registration' as const, id: registration.id, label: placeOfView(registration).label }
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'receipt-emailed', entity, before: null, after: { to: registration.registrantEmail }, now: at })
    })
    return { to: registration.registrantEmail, emailed: config.site.sendsEmail }
  })

  /** The entry of a staff action on a place, its state read in the action's transaction (core/audit.ts). */
  const recordPlaceAction = async (tx: Db, by: Actor, action: 'desk-payment' | 'adjustment' | Ending, before: RegistrationView, added: Record<string, unknown>, at: Date) => {
    const after = await findRegistrationView(tx, kinds, before.id)
    const was = placeOfView(before)
    const entity = { kind: 'registration' as const, id: before.id, label: was.label }
    await recordStaffAction(tx, { by, action, entity, before: was.state, after: { ...(after && placeOfView(after).state), ...added }, now: at })
  }

  /** A place as it is once its offering is held in `tx`: what an entry's before is read from, so a change committed meanwhile is in it. */
  const heldPlace = async (tx: Db, registrationId: string) => {
    const place = await tx.kysely.selectFrom('registrations').select('offeringId').where('id', '=', registrationId).executeTakeFirst()
    if (place) await holdOffering(tx, place.offeringId)
    return findRegistrationView(tx, kinds, registrationId)
  }

  serve(app, recordDeskPayment, async (req, _reply, { user: admin }) => {
    const form = parseForm(DeskPaymentForm, req.body)
    const amountCents = centsFromDollars(form.amount)
    if (amountCents === null) {
      throw badRequest('Enter the amount in dollars and cents, like 45.00.', { amount: 'Enter the amount in dollars and cents, like 45.00.' })
    }
    const registration = await findRegistrationView(db, kinds, req.params.registrationId)
    if (!registration) throw notFound('There is no such registration.')
    const at = now()
    const payment = { amountCents, method: form.method as PaymentMethod, reference: form.reference === '' ? null : form.reference }
    const ctx = { now: at, timeZone: config.site.timeZone, claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }
    const outcome = await changePlace(db, placeOf(registration), ctx, async (tx) => {
      const before = await heldPlace(tx, registration.id)
      const taken = await takeDeskPayment(tx, registration.id, payment, admin.id, ctx)
      if (taken === 'recorded' && before) await recordPlaceAction(tx, actorOf(req, admin), 'desk-payment', before, { payment }, at)
      return taken
    })
    if (outcome === 'not-payable') throw conflict('Payments can only be recorded for a registration that holds a place.')
    if (outcome === 'over-balance') {
      // The payment also pays the extras bought on the place's order (registration-changes.ts). Both
      // read again: a payment recorded meanwhile (the same one sent twice) has lowered them.
      const placeOpen = (await findRegistrationView(db, kinds, registration.id))?.balanceCents ?? 0
      const extrasOpen = (await listOrderExtras(db, registration.id)).reduce((sum, e) => sum + Math.max(e.amountDueCents - e.paidCents, 0), 0)
      throw badRequest(`The amount is more than the balance of ${formatMoney(placeOpen + extrasOpen)}.`, {
        amount: 'The amount is more than the balance.',
      })
    }
    return { registration: await changedRegistration(db, kinds, registration.id) }
  })

  serve(app, adjustRegistrationPrice, async (req, _reply, { user: admin }) => {
    const form = parseForm(AdjustmentForm, req.body)
    const amountCents = centsFromDollars(form.amount)
    if (amountCents === null) throw badRequest('Enter the amount in dollars and cents, like 45.00.', { amount: 'Enter the amount in dollars and cents, like 45.00.' })
    const registrationId = req.params.registrationId
    const at = now()
    const done = await inTransaction(db, async (tx) => {
      const before = await heldPlace(tx, registrationId)
      const adjusted = await adjustLine(tx, { registrationId, amountCents, reason: form.reason, recordedBy: admin.id, now: at })
      if (adjusted.status === 'adjusted') {
        await logEvent(tx, { registrationId, action: 'adjusted', actorId: admin.id, details: { amountCents, reason: form.reason }, now: at })
        await confirmPaidHolds(tx, adjusted.orderId, { actorId: admin.id, now: at, timeZone: config.site.timeZone, siteUrl: config.publicUrl, kinds })
        if (before) await recordPlaceAction(tx, actorOf(req, admin), 'adjustment', before, { adjustment: { amountCents, reason: form.reason } }, at)
      }
      return adjusted
    })
    if (done.status === 'no-line') throw notFound('There is no such registration.')
    if (done.status === 'over-balance') throw badRequest(FORM_MESSAGES.invalid, { amount: 'The adjustment is more than the place still asks.' })
    return { registration: await changedRegistration(db, kinds, registrationId) }
  })

  const end = (ending: Ending) => async (req: ContractRequest<typeof declineRegistration | typeof cancelRegistrationByStaff>, _reply: unknown, { user: admin }: Served<typeof declineRegistration>) => {
    const refund = req.body.refund
    // Money goes back only by an admin's hand, on every road (docs/decisions/0016): an employee ends the place, an admin refunds it.
    if (refund === true && admin.role !== 'admin') throw forbidden(EMPLOYEES_DO_NOT_REFUND)
    const registration = await findRegistrationView(db, kinds, req.params.registrationId)
    if (!registration) throw notFound('There is no such registration.')
    const at = now()
    const ended = await inTransaction(db, async (tx) => {
      const before = await heldPlace(tx, registration.id)
      const done = await endRegistration(tx, registration.id, ending, {
        actorId: admin.id,
        refund: refund === true,
        check: (held) => checkEnding(held, placeOf(registration), kinds),
        ctx: { now: at, claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds },
      })
      if (done && before) await recordPlaceAction(tx, actorOf(req, admin), ending, before, { refunded: refund === true }, at)
      return done
    })
    if (!ended) throw conflict('This registration has already ended.')
    return { registration: await changedRegistration(db, kinds, registration.id) }
  }
  serve(app, declineRegistration, end('declined'))
  serve(app, cancelRegistrationByStaff, end('cancelled'))
}
