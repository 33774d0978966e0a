import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DeskPaymentForm, type PaymentMethod } from '../../../shared/schemas/registration.ts'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { endRegistration, recordPayment, type Ending } from './registration-changes.ts'
import { findRegistrationView, listEvents, listPayments, listPendingRegistrations } from './registrations.queries.ts'
import type { RegistrationDeps } from './registrations.routes.ts'
import { access } from '../../http/access.ts'

type IdParams = { Params: { registrationId: string } }

/** Staff tools behind /pendingRegistrations (admin only, spec §2). Every change is logged. */
export function registerRegistrationAdminRoutes(app: FastifyInstance, { db, guards, config, now }: RegistrationDeps): void {
  app.get('/api/admin/registrations', access('admin'), async (req: FastifyRequest<{ Querystring: { leagueId?: string } }>) => {
    await guards.requireAccess(req, 'admin')
    const leagueId = req.query.leagueId
    if (leagueId !== undefined && (typeof leagueId !== 'string' || leagueId.length > 100)) throw badRequest('Choose a league from the list.')
    return { registrations: await listPendingRegistrations(db, leagueId || undefined) }
  })

  app.get('/api/admin/registrations/:registrationId', access('admin'), async (req: FastifyRequest<IdParams>) => {
    await guards.requireAccess(req, 'admin')
    const registration = await findRegistrationView(db, req.params.registrationId)
    if (!registration) throw notFound('There is no such registration.')
    const [payments, history] = await Promise.all([listPayments(db, registration.id), listEvents(db, registration.id)])
    return { registration, payments, history }
  })

  app.post('/api/admin/registrations/:registrationId/payments', access('admin'), async (req: FastifyRequest<IdParams>, reply) => {
    const admin = await guards.requireAccess(req, 'admin')
    const form = parseForm(DeskPaymentForm, req.body)
    if (!/^\d+(\.\d{1,2})?$/.test(form.amount)) {
      throw badRequest('Enter the amount in dollars and cents, like 45.00.', { amount: 'Enter the amount in dollars and cents, like 45.00.' })
    }
    const registration = await findRegistrationView(db, req.params.registrationId)
    if (!registration) throw notFound('There is no such registration.')
    const outcome = await recordPayment(
      db,
      registration.id,
      { amountCents: Math.round(Number(form.amount) * 100), method: form.method as PaymentMethod, reference: form.reference === '' ? null : form.reference },
      admin.id,
      now(),
    )
    if (outcome === 'not-payable') throw conflict('Payments can only be recorded for a registration that holds a place.')
    if (outcome === 'over-balance') {
      throw badRequest(`The amount is more than the balance of $${(registration.balanceCents / 100).toFixed(2)}.`, {
        amount: 'The amount is more than the balance.',
      })
    }
    return reply.code(201).send({ registration: await findRegistrationView(db, registration.id) })
  })

  const end = (ending: Ending) => async (req: FastifyRequest<IdParams>) => {
    const admin = await guards.requireAccess(req, 'admin')
    const refund = (req.body as { refund?: unknown } | null)?.refund
    if (refund !== undefined && typeof refund !== 'boolean') throw badRequest('refund must be true or false.')
    const registration = await findRegistrationView(db, req.params.registrationId)
    if (!registration) throw notFound('There is no such registration.')
    const ended = await endRegistration(db, registration.id, ending, {
      actorId: admin.id,
      refund: refund === true,
      ctx: { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl },
    })
    if (!ended) throw conflict('This registration has already ended.')
    return { registration: await findRegistrationView(db, registration.id) }
  }
  app.post('/api/admin/registrations/:registrationId/decline', access('admin'), end('declined'))
  app.post('/api/admin/registrations/:registrationId/cancel', access('admin'), end('cancelled'))
}
