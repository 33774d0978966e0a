import { WEEKDAYS } from '../../../shared/academy-schedule.ts'
import { areaNamed, bookArea, weeklySlots } from '../../core/facility-calendar.queries.ts'
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
import { facilityToday } from '../../../shared/format.ts'
import type { Sport } from '../../../shared/sports.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { actorOf } from '../../http/actor.ts'
import { inTransaction } from '../../db/transaction.ts'
import { madeOrRepeated, serve, type RouteDeps } from '../../http/contract.ts'
import { fileNamePart, sendCsv, toCsv } from '../../http/csv.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { parseCheckedForm } from '../../http/forms.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import type { PaymentProvider } from '../../core/payments/provider.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { listPlaceParticipants, participantCsvRow, PARTICIPANT_CSV_HEADERS } from '../../core/registrations/participants.queries.ts'
import { chosenPriceProduct, holdProgram, programReceipt, signUpAtDesk, signUpOnline } from '../../core/registrations/programs.ts'
import { findCampOffering } from './camp-kind.ts'
import { createCamp, findCampForAdmin, listCampsForAdmin, updateCamp } from './camps.admin.queries.ts'
import { CAMP_PLACES, listActiveCamps, type NewCamp } from './camps.queries.ts'
import { refuseEndBeforePlan, refuseEnded, refusePlanAfterEnd } from '../../core/registrations/ended-programs.ts'

/**
 * Camps (issue 31 §2): the Camps page, signing children up and the receipt; camp management
 * (create, edit, open and close: admin; the list and the participants: staff); and the desk
 * signing a family's children up, to pay at the counter. Each route's guard comes from its contract.
 */
export function registerCampRoutes(app: FastifyInstance, { db, config, now, kinds, provider }: RouteDeps & { kinds: Kinds; provider: PaymentProvider }): void {
  const timeZone = config.site.timeZone
  const site = { config, provider, kinds }

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
    const signUp = { ...req.body, idempotencyKey: idempotencyKeyOf(req), now: now() }
    return madeOrRepeated(reply, await signUpOnline(db, site, user.id, signUp, () => openCamp(req.params.campId, req.body)))
  })

  serve(app, signUpForCampAtDesk, async (req, reply, { user: staff }) => {
    const signUp = { ...req.body, idempotencyKey: idempotencyKeyOf(req), now: now() }
    const by = { customerId: req.params.userId, staff: actorOf(req, staff) }
    return madeOrRepeated(reply, await signUpAtDesk(db, site, by, signUp, () => openCamp(req.params.campId, req.body)))
  })

  serve(app, campReceipt, async (req, _reply, { user: viewer }) => {
    const { program: camp, places } = await programReceipt(db, kinds, viewer, req.params.userId, () => findCampForAdmin(db, req.params.campId))
    return { receipt: { camp: onReceipt(camp), places } }
  })

  serve(app, listAdminCamps, async () => ({ camps: await listCampsForAdmin(db) }))

  serve(app, createCampContract, async (req, _reply, { user }) => {
    const form = parseCheckedForm(CampForm, req.body, campFormProblems)
    const at = now()
    refuseEnded(form.endDate, { label: 'The last day', noun: 'camp' }, at, config.site.timeZone)
    const priceProductId = await chosenPriceProduct(db, CAMP_PLACES, form.priceProduct)
    await refusePlanAfterEnd(db, priceProductId, form.endDate, { noun: 'camp', field: 'priceProduct' })
    const camp = await inTransaction(db, async (tx) => {
      const area = await areaNamed(tx, form.location)
      const settings = settingsFrom(form, priceProductId, area)
      const created = await createCamp(tx, settings, at)
      await bookArea(tx, { kind: 'camp', id: created.id, areaId: area?.id ?? null, slots: weeklySlots({ ...settings, weekdays: WEEKDAYS }) })
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'camp-created', entity: { kind: 'camp', id: created.id, label: created.name }, before: null, after: form, now: at })
      return created
    })
    return { camp, offered: 0 }
  })

  serve(app, updateCampContract, async (req, _reply, { user }) => {
    const ctx = { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }
    const saved = await inTransaction(db, async (tx) => {
      // Read once its places are held: the entry's before is what this change replaces, another admin's save included.
      await holdProgram(tx, CAMP_PLACES, req.params.campId)
      const current = await findCampForAdmin(tx, req.params.campId)
      if (!current) return undefined
      // Fields left out keep their values, so opening or closing sends isActive alone.
      const form = parseCheckedForm(CampForm, { ...campFormValues(current), ...req.body }, campFormProblems)
      const priceProductId = await chosenPriceProduct(tx, CAMP_PLACES, form.priceProduct)
      await refusePlanAfterEnd(tx, priceProductId, form.endDate, { noun: 'camp', field: 'priceProduct' })
      await refuseEndBeforePlan(tx, { column: 'campId', id: current.id }, current.endDate, form.endDate, 'camp')
      const area = await areaNamed(tx, form.location)
      const settings = settingsFrom(form, priceProductId, area)
      const changed = await updateCamp(tx, current.id, settings, ctx)
      await bookArea(tx, { kind: 'camp', id: current.id, areaId: area?.id ?? null, slots: weeklySlots({ ...settings, weekdays: WEEKDAYS }) })
      if (changed) await recordStaffAction(tx, { by: actorOf(req, user), action: 'camp-changed', entity: { kind: 'camp', id: current.id, label: form.name }, before: campFormValues(current), after: form, now: ctx.now })
      return changed
    })
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
    return sendCsv(reply, `camp-${fileNamePart(camp.name)}-${facilityToday(now(), timeZone)}.csv`, csv)
  })
}

/** What a receipt says of its camp. */
function onReceipt({ id, name, sport, coach, location, days, startTime, endTime, startDate, endDate }: AdminCamp) {
  return { id, name, sport, coach, location, days, startTime, endTime, startDate, endDate }
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
    minimum: camp.minimum === null ? '' : String(camp.minimum),
    payAtSignUp: String(camp.payAtSignUp),
    waiverRequired: String(camp.waiverRequired),
  }
}

/** Form strings to stored values; a "Where" naming a playing area, its name. */
function settingsFrom(form: CampFormValues, priceProductId: string | null, area: { name: string } | undefined): NewCamp {
  const optional = (text: string) => (text === '' ? null : text)
  return {
    name: form.name,
    sport: form.sport as Sport,
    description: optional(form.description),
    coach: optional(form.coach),
    location: area?.name ?? optional(form.location),
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
    minimum: form.minimum === '' ? null : Number(form.minimum),
    priceCents: centsFromDollars(form.price) ?? 0,
    priceProductId,
    waiverRequired: form.waiverRequired !== 'false',
    payAtSignUp: form.payAtSignUp === 'true',
  }
}
