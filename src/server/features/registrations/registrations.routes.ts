import type { FastifyInstance } from 'fastify'
import {
  cancelRegistration,
  claimOffer as claimOfferContract,
  leagueReceipt,
  myRegistrations,
  receiptOfRegistration,
  register,
  registrationReceipt,
} from '../../../shared/contracts/registrations.ts'
import { facilityToday } from '../../../shared/format.ts'
import { isStaff } from '../../../shared/roles.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import { endRegistration } from '../../core/registrations/registration-changes.ts'
import { takePlace } from '../../core/registrations/engine.ts'
import { admit } from '../../core/registrations/admission.ts'
import { findLeagueOffering } from './league-places.ts'
import { changedRegistration, findReceipt, findReceiptOf, findRegistrationView, listUserRegistrations, ownsRegistration } from '../../core/registrations/registrations.queries.ts'
import { claimOffer } from '../../core/registrations/waitlist.ts'
import { holdWhilePaying } from '../../core/payments/pay-at-sign-up.ts'
import type { PaymentProvider } from '../../core/payments/provider.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { checkLeaving, placeOf, type Kinds } from '../../core/registrations/kinds.ts'

export function registerRegistrationRoutes(app: FastifyInstance, { db, config, now, kinds, provider }: RouteDeps & { kinds: Kinds; provider: PaymentProvider }): void {
  const ctx = () => ({ now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds })

  serve(app, register, async (req, reply, { user }) => {
    const at = now()
    const today = facilityToday(at, config.site.timeZone)
    const idempotencyKey = idempotencyKeyOf(req)
    const offering = await findLeagueOffering(db, req.params.leagueId, { kind: 'individual' })
    if (!offering) throw notFound('This league is not open for registration.')
    const admission = await admit(db, offering, { userId: user.id, childId: req.body.childId || null, today, placesPerAccount: config.accountLimits.placesPerOffering })
    const holdUntil = holdWhilePaying(offering, provider, at, today)
    const result = await takePlace(db, { ...admission, offering, userId: user.id, idempotencyKey, now: at, today, siteUrl: config.publicUrl, kinds, paysOnline: config.site.paysOnline, holdUntil })
    reply.code(result.created ? 201 : 200)
    return result
  })

  serve(app, myRegistrations, async (req, _reply, { user }) => {
    return { registrations: await listUserRegistrations(db, kinds, user.id) }
  })

  serve(app, claimOfferContract, async (req, _reply, { user }) => {
    const outcome = await claimOffer(db, req.params.registrationId, user.id, now())
    if (outcome === 'expired') throw conflict('The claim window for this place has passed.')
    if (outcome === 'not-offered') throw notFound('There is no place on offer for this registration.')
    return { registration: await changedRegistration(db, kinds, req.params.registrationId) }
  })

  /** The owner cancels their own registration; staff use the pending registrations tools. */
  serve(app, cancelRegistration, async (req, _reply, { user }) => {
    const registration = await findRegistrationView(db, kinds, req.params.registrationId)
    if (!registration || registration.userId !== user.id) throw notFound('There is no such registration.')
    const today = facilityToday(now(), config.site.timeZone)
    const ended = await endRegistration(db, registration.id, 'cancelled', {
      actorId: user.id,
      refund: false,
      ctx: ctx(),
      // Read again once the place is held: a handover may have given a team's entry to a new captain.
      check: async (tx) => {
        if (!(await ownsRegistration(tx, registration.id, user.id))) throw notFound('There is no such registration.')
        await checkLeaving(tx, placeOf(registration), today, kinds)
      },
    })
    if (!ended) throw conflict('This registration has already ended.')
    return { registration: await changedRegistration(db, kinds, registration.id) }
  })

  // Receipts: the owner and staff only. Anyone else gets the same 404 as for a receipt that
  // does not exist, so ids cannot be probed. By registration, for any kind of place; the spec's
  // receipt URLs (by person and league) are read the same way.
  serve(app, receiptOfRegistration, async (req, _reply, { user: viewer }) => {
    const { registrationId } = req.params
    if (!isStaff(viewer.role) && !(await ownsRegistration(db, registrationId, viewer.id))) throw notFound('There is no such receipt.')
    const receipt = await findReceiptOf(db, kinds, registrationId)
    if (!receipt) throw notFound('There is no such receipt.')
    return { receipt }
  })
  for (const receiptContract of [registrationReceipt, leagueReceipt]) {
    serve(app, receiptContract, async (req, _reply, { user: viewer }) => {
      if (viewer.id !== req.params.userId && !isStaff(viewer.role)) throw notFound('There is no such receipt.')
      const { leagueId, ...ids } = req.params
      const receipt = await findReceipt(db, kinds, { ...ids, ownerId: leagueId })
      if (!receipt) throw notFound('There is no such receipt.')
      return { receipt }
    })
  }
}
