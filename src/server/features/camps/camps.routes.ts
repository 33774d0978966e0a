import type { FastifyInstance } from 'fastify'
import {
  campParticipantsCsv,
  campReceipt,
  createCamp as createCampContract,
  listAdminCamps,
  listCampParticipants,
  listCamps,
  signUpForCamp,
  signUpForCampAtDesk,
  updateCamp as updateCampContract,
  type AdminCamp,
  type CampSignUp,
} from '../../../shared/contracts/camps.ts'
import { CAMP_MESSAGES, CampForm, campFormProblems, type CampFormValues } from '../../../shared/schemas/camp.ts'
import { centsFromDollars, dollarsText } from '../../../shared/money.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import { facilityToday } from '../../../shared/format.ts'
import { isStaff } from '../../../shared/roles.ts'
import type { Sport } from '../../../shared/sports.ts'
import type { Db } from '../../db/connect.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { toCsv } from '../../http/csv.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import { listChildren } from '../../core/children.queries.ts'
import { holdWhilePaying } from '../../core/payments/pay-at-sign-up.ts'
import type { PaymentProvider } from '../../core/payments/provider.ts'
import { chosenProduct } from '../../core/payments/products.queries.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { listPlaceParticipants, participantCsvRow, PARTICIPANT_CSV_HEADERS } from '../../core/registrations/participants.queries.ts'
import { findReceiptsIn } from '../../core/registrations/registrations.queries.ts'
import { signUpParticipants } from '../../core/registrations/sign-up.ts'
import { findCampOffering } from './camp-kind.ts'
import { createCamp, findCampForAdmin, listCampsForAdmin, updateCamp } from './camps.admin.queries.ts'
import { listActiveCamps, type NewCamp } from './camps.queries.ts'

/**
 * Camps (issue 31 §2): the Camps page, signing children up and the receipt; camp management
 * (create, edit, open and close: admin; the list and the participants: staff); and the desk
 * signing a family's children up, to pay at the counter. Each route's guard comes from its contract.
 */
export function registerCampRoutes(app: FastifyInstance, { db, config, now, kinds, provider }: RouteDeps & { kinds: Kinds; provider: PaymentProvider }): void {
  const timeZone = config.site.timeZone

  /** Open to everyone: the Camps page. */
  serve(app, listCamps, async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { camps: await listActiveCamps(db) }
  })

  /** The camp's places, for children only: the account holder is refused before anyone is admitted. */
  async function openCamp(campId: string, body: CampSignUp) {
    if (body.participants.some((p) => p.childId === null)) throw badRequest(CAMP_MESSAGES.adultsOnly, { participants: CAMP_MESSAGES.adultsOnly })
    const offering = await findCampOffering(db, campId)
    if (!offering) throw notFound('This camp is not open for registration.')
    return offering
  }

  serve(app, signUpForCamp, async (req, reply, { user }) => {
    const offering = await openCamp(req.params.campId, req.body)
    const at = now()
    const today = facilityToday(at, timeZone)
    const result = await signUpParticipants(db, {
      ...req.body,
      offering,
      userId: user.id,
      idempotencyKey: idempotencyKeyOf(req),
      now: at,
      today,
      siteUrl: config.publicUrl,
      paysOnline: config.site.paysOnline,
      placesPerAccount: config.accountLimits.placesPerOffering,
      holdUntil: holdWhilePaying(offering, provider, at, today),
    })
    reply.code(result.created ? 201 : 200)
    return result
  })

  serve(app, signUpForCampAtDesk, async (req, reply, { user: staff }) => {
    // Customers' accounts only, as on the desk's record of them (desk.routes.ts).
    const customer = await db.kysely.selectFrom('users').select(['id', 'role']).where('id', '=', req.params.userId).executeTakeFirst()
    if (!customer || customer.role !== 'customer') throw notFound('There is no such customer.')
    const theirs = new Set((await listChildren(db, customer.id)).map((c) => c.id))
    if (req.body.participants.some((p) => p.childId !== null && !theirs.has(p.childId))) {
      throw badRequest('Choose this customer’s own children.', { participants: 'Choose this customer’s own children.' })
    }
    const offering = await openCamp(req.params.campId, req.body)
    const at = now()
    // As online, but the family pays at the counter: no place is held for a card payment, and
    // staff may register past the places one account may take (issue 30).
    const result = await signUpParticipants(db, {
      ...req.body,
      offering,
      userId: customer.id,
      idempotencyKey: idempotencyKeyOf(req),
      now: at,
      today: facilityToday(at, timeZone),
      siteUrl: config.publicUrl,
      paysOnline: config.site.paysOnline,
      placesPerAccount: null,
      event: { actorId: staff.id, details: { atDesk: true } },
    })
    reply.code(result.created ? 201 : 200)
    return result
  })

  // The owner and staff only; anyone else gets the 404 of a receipt that does not exist.
  serve(app, campReceipt, async (req, _reply, { user: viewer }) => {
    if (viewer.id !== req.params.userId && !isStaff(viewer.role)) throw notFound('There is no such receipt.')
    const camp = await findCampForAdmin(db, req.params.campId)
    const places = camp ? await findReceiptsIn(db, req.params.userId, camp.id) : []
    if (!camp || places.length === 0) throw notFound('There is no such receipt.')
    return { receipt: { camp: onReceipt(camp), places } }
  })

  serve(app, listAdminCamps, async () => ({ camps: await listCampsForAdmin(db) }))

  serve(app, createCampContract, async (req) => {
    const form = parseCampForm(req.body)
    const camp = await createCamp(db, settingsFrom(form, await productOf(db, form)), now())
    return { camp, offered: 0 }
  })

  serve(app, updateCampContract, async (req) => {
    const current = await findCampForAdmin(db, req.params.campId)
    if (!current) throw notFound('There is no such camp.')
    // Fields left out keep their values, so opening or closing sends isActive alone.
    const form = parseCampForm({ ...campFormValues(current), ...req.body })
    const ctx = { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }
    const saved = await updateCamp(db, current.id, settingsFrom(form, await productOf(db, form)), ctx)
    if (!saved) throw notFound('There is no such camp.')
    return saved
  })

  /** A camp's children and waitlist, medical notes among them: staff only (the contracts' guard). */
  const participantsOf = async (campId: string) => {
    const camp = await findCampForAdmin(db, campId)
    const offering = camp && (await db.kysely.selectFrom('offerings').select('id').where('campId', '=', camp.id).where('kind', '=', 'camp-place').executeTakeFirst())
    if (!camp || !offering) throw notFound('There is no such camp.')
    const { participants, waitlist } = await listPlaceParticipants(db, offering.id, camp.startDate)
    const { id, name, startDate, endDate, capacity, placesTaken } = camp
    return { camp: { id, name, startDate, endDate, capacity, placesTaken }, participants, waitlist }
  }

  serve(app, listCampParticipants, async (req) => participantsOf(req.params.campId))

  serve(app, campParticipantsCsv, async (req, reply) => {
    const { camp, participants } = await participantsOf(req.params.campId)
    const csv = toCsv(PARTICIPANT_CSV_HEADERS, participants.map(participantCsvRow))
    const name = camp.name.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase()
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="camp-${name}-${facilityToday(now(), timeZone)}.csv"`)
      .send(csv)
  })
}

/** What a receipt says of its camp. */
function onReceipt({ id, name, sport, coach, location, days, startTime, endTime, startDate, endDate }: AdminCamp) {
  return { id, name, sport, coach, location, days, startTime, endTime, startDate, endDate }
}

/** The form rules, then the checks across fields they cannot express. */
function parseCampForm(body: unknown): CampFormValues {
  const form = parseForm(CampForm, body)
  const problems = campFormProblems(form)
  if (Object.keys(problems).length > 0) throw badRequest(FORM_MESSAGES.invalid, problems)
  return form
}

/** A saved camp as the form gives it: what an update leaves alone. */
function campFormValues(camp: AdminCamp): CampFormValues {
  return {
    name: camp.name,
    sport: camp.sport ?? '',
    description: camp.description ?? '',
    coach: camp.coach ?? '',
    location: camp.location ?? '',
    isActive: String(camp.isActive),
    minAge: String(camp.minAge),
    maxAge: String(camp.maxAge),
    startTime: camp.startTime,
    endTime: camp.endTime,
    registrationDate: camp.registrationDate,
    startDate: camp.startDate,
    endDate: camp.endDate,
    registrationDeadline: camp.registrationDeadline ?? '',
    price: dollarsText(camp.priceCents),
    priceProduct: '',
    capacity: camp.capacity === null ? '' : String(camp.capacity),
    payAtSignUp: String(camp.payAtSignUp),
    waiverRequired: String(camp.waiverRequired),
  }
}

/** The product of the price list the form chose for the price, checked; null: the typed price. */
function productOf(db: Db, form: CampFormValues): Promise<string | null> {
  return form.priceProduct === '' ? Promise.resolve(null) : chosenProduct(db, form.priceProduct, 'camp-fee')
}

/** Form strings to stored values. */
function settingsFrom(form: CampFormValues, priceProductId: string | null): NewCamp {
  const optional = (text: string) => (text === '' ? null : text)
  return {
    name: form.name,
    sport: form.sport as Sport,
    description: optional(form.description),
    coach: optional(form.coach),
    location: optional(form.location),
    isActive: form.isActive === 'true',
    minAge: Number(form.minAge),
    maxAge: Number(form.maxAge),
    startTime: form.startTime,
    endTime: form.endTime,
    registrationDate: form.registrationDate,
    registrationDeadline: optional(form.registrationDeadline),
    startDate: form.startDate,
    endDate: form.endDate,
    capacity: form.capacity === '' ? null : Number(form.capacity),
    priceCents: centsFromDollars(form.price) ?? 0,
    priceProductId,
    waiverRequired: form.waiverRequired !== 'false',
    payAtSignUp: form.payAtSignUp === 'true',
  }
}
