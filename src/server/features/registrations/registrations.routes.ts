import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ageOn, ageRangeText } from '../../../shared/age.ts'
import { facilityToday, formatDate } from '../../../shared/format.ts'
import { isStaff } from '../../../shared/roles.ts'
import type { Config } from '../../config.ts'
import type { Guards } from '../../auth/guards.ts'
import type { Db } from '../../db/connect.ts'
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts'
import { findChild } from '../children/children.queries.ts'
import { findLeagueForSignUp } from '../leagues/leagues.queries.ts'
import { currentWaiverSigned } from '../waivers/waivers.queries.ts'
import { endRegistration } from './registration-changes.ts'
import { registerParticipant } from './register.ts'
import { findReceipt, findRegistrationView, listUserRegistrations } from './registrations.queries.ts'
import { claimOffer } from './waitlist.ts'
import { access } from '../../http/access.ts'

export interface RegistrationDeps {
  db: Db
  guards: Guards
  config: Config
  now: () => Date
}

type IdParams = { Params: { registrationId: string } }

export function registerRegistrationRoutes(app: FastifyInstance, { db, guards, config, now }: RegistrationDeps): void {
  const ctx = () => ({ now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl })

  app.post('/api/leagues/:leagueId/registrations', access('login'), async (req: FastifyRequest<{ Params: { leagueId: string } }>, reply) => {
    const user = await guards.requireUser(req)
    const at = now()
    const body = (req.body ?? {}) as { childId?: unknown }
    if (body.childId !== undefined && body.childId !== null && typeof body.childId !== 'string') {
      throw badRequest('Choose which child to register.', { childId: 'Choose which child to register.' })
    }
    const idempotencyKey = idempotencyKeyOf(req)
    const league = await findLeagueForSignUp(db, req.params.leagueId)
    if (!league || league.kind !== 'individual') throw notFound('This league is not open for registration.')
    const today = facilityToday(at, config.site.timeZone)
    if (league.registrationDate > today) {
      throw conflict(`Registration for ${league.name} opens on ${formatDate(league.registrationDate)}.`)
    }
    if (league.endDate < today) throw conflict(`Registration for ${league.name} has closed.`)

    const childId = typeof body.childId === 'string' && body.childId !== '' ? body.childId : null
    if (league.sport === 'kids' && !childId) {
      throw badRequest('Choose which child to register.', { childId: 'Choose which child to register.' })
    }
    if (childId) {
      const child = await findChild(db, user.id, childId)
      if (!child) throw notFound('There is no such child on your account.')
      const age = ageOn(child.dateOfBirth, league.startDate)
      if ((league.minAge !== null && age < league.minAge) || (league.maxAge !== null && age > league.maxAge)) {
        const range = ageRangeText(league.minAge, league.maxAge)
        throw badRequest(`${child.firstName} will be ${age} when ${league.name} starts; this league is for ${range}.`, {
          childId: `${child.firstName} is outside this league's age range (${range}).`,
        })
      }
    }

    const waiver = await currentWaiverSigned(db, user.id, childId ?? 'self')
    if (!waiver.signed) {
      throw new HttpError(409, 'Please sign the current waiver before registering.', { waiver: 'WAIVER_REQUIRED' })
    }

    const result = await registerParticipant(db, {
      leagueId: league.id,
      userId: user.id,
      childId,
      priceCents: league.priceCents,
      waiverVersion: waiver.version,
      idempotencyKey,
      now: at,
      siteUrl: config.publicUrl,
    })
    return reply.code(result.created ? 201 : 200).send(result)
  })

  app.get('/api/registrations/mine', access('login'), async (req) => {
    const user = await guards.requireUser(req)
    return { registrations: await listUserRegistrations(db, user.id) }
  })

  app.post('/api/registrations/:registrationId/claim', access('owner'), async (req: FastifyRequest<IdParams>) => {
    const user = await guards.requireUser(req)
    const outcome = await claimOffer(db, req.params.registrationId, user.id, now())
    if (outcome === 'expired') throw conflict('The claim window for this place has passed.')
    if (outcome === 'not-offered') throw notFound('There is no place on offer for this registration.')
    return { registration: await findRegistrationView(db, req.params.registrationId) }
  })

  /** The owner cancels their own registration; staff use the pending registrations tools. */
  app.post('/api/registrations/:registrationId/cancel', access('owner'), async (req: FastifyRequest<IdParams>) => {
    const user = await guards.requireUser(req)
    const registration = await findRegistrationView(db, req.params.registrationId)
    if (!registration || registration.userId !== user.id) throw notFound('There is no such registration.')
    const ended = await endRegistration(db, registration.id, 'cancelled', { actorId: user.id, refund: false, ctx: ctx() })
    if (!ended) throw conflict('This registration has already ended.')
    return { registration: await findRegistrationView(db, registration.id) }
  })

  // Receipts: the owner and staff only. Anyone else gets the same 404 as for a receipt that
  // does not exist, so ids cannot be probed.
  app.get(
    '/api/receipts/user/:userId/league/:leagueId/registration/:registrationId', access('owner'),
    async (req: FastifyRequest<{ Params: { userId: string; leagueId: string; registrationId: string } }>) => {
      const viewer = await guards.requireUser(req)
      if (viewer.id !== req.params.userId && !isStaff(viewer.role)) throw notFound('There is no such receipt.')
      const receipt = await findReceipt(db, req.params)
      if (!receipt) throw notFound('There is no such receipt.')
      return { receipt }
    },
  )

  app.get('/api/receipts/user/:userId/league/:leagueId', access('owner'), async (req: FastifyRequest<{ Params: { userId: string; leagueId: string } }>) => {
    const viewer = await guards.requireUser(req)
    if (viewer.id !== req.params.userId && !isStaff(viewer.role)) throw notFound('There is no such receipt.')
    const receipt = await findReceipt(db, req.params)
    if (!receipt) throw notFound('There is no such receipt.')
    return { receipt }
  })
}

function idempotencyKeyOf(req: FastifyRequest): string | null {
  const key = req.headers['idempotency-key']
  if (key === undefined) return null
  if (typeof key !== 'string' || key.length < 8 || key.length > 100 || !/^[\w.:-]+$/.test(key)) {
    throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, dots, dashes, colons or underscores.')
  }
  return key
}
