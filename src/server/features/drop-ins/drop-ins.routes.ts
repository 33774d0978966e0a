import type { FastifyInstance } from 'fastify'
import {
  checkInDropIn,
  createDropIn as createDropInContract,
  dropInParticipantsCsv,
  dropInReceipt,
  listAdminDropIns,
  listDropInParticipants,
  listDropIns,
  signUpForDropIn,
  signUpForDropInAtDesk,
  updateDropIn as updateDropInContract,
  type AdminDropIn,
  type DropInSignUp,
} from '../../../shared/contracts/drop-ins.ts'
import { DROP_IN_MESSAGES, DropInForm, dropInFormProblems, type DropInFormValues } from '../../../shared/schemas/drop-in.ts'
import { formatTime, readSchedule } from '../../../shared/academy-schedule.ts'
import { centsFromDollars, dollarsText } from '../../../shared/money.ts'
import { formatDate } from '../../../shared/format.ts'
import type { Sport } from '../../../shared/sports.ts'
import type { Db } from '../../db/connect.ts'
import { madeOrRepeated, serve, type RouteDeps } from '../../http/contract.ts'
import { fileNamePart, sendCsv, toCsv } from '../../http/csv.ts'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { parseCheckedForm } from '../../http/forms.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import type { PaymentProvider } from '../../core/payments/provider.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { listPlaceParticipants, participantCsvRow, PARTICIPANT_CSV_HEADERS } from '../../core/registrations/participants.queries.ts'
import { chosenPriceProduct, holdProgram, programReceipt, signUpAtDesk, signUpOnline } from '../../core/registrations/programs.ts'
import { refuseEndBeforePlan, refusePlanAfterEnd } from '../../core/registrations/ended-programs.ts'
import { findDropInOffering } from './drop-in-kind.ts'
import { checkedInIds, createDropIn, findDropInForAdmin, listDropInsForAdmin, setCheckedIn, updateDropIn } from './drop-ins.admin.queries.ts'
import { DROP_IN_PLACES, dropInOver, listActiveDropIns, type NewDropIn } from './drop-ins.queries.ts'
import { placeLabelOf, recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { areaNamed, bookArea } from '../../core/facility-calendar.queries.ts'
import { actorOf } from '../../http/actor.ts'

/**
 * Drop-in sessions (issue 31 §2): the Drop-in Sessions page, signing up and the receipt; their
 * management (create, edit, open and close: admin; the list, the people and the check-in at the
 * door: staff); and the desk selling a spot to a customer, to pay at the counter. Each route's
 * guard comes from its contract.
 */
export function registerDropInRoutes(app: FastifyInstance, { db, config, now, kinds, provider }: RouteDeps & { kinds: Kinds; provider: PaymentProvider }): void {
  const timeZone = config.site.timeZone
  const site = { config, provider, kinds }

  /** Open to everyone: the Drop-in Sessions page, today's and later sessions. */
  serve(app, listDropIns, async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { dropIns: await listActiveDropIns(db, now(), timeZone) }
  })

  /** The session's spots, for the people it is for: adults sign themselves up, children's sessions take children. */
  async function openDropIn(dropInId: string, body: DropInSignUp, at: Date) {
    const offering = await findDropInOffering(db, dropInId)
    if (!offering) throw notFound('This drop-in session is not open for registration.')
    if (dropInOver(offering, at, timeZone)) throw conflict(`${offering.name} ended at ${formatTime(offering.endTime)} on ${formatDate(offering.date)}.`)
    const refused = offering.forChildren ? body.participants.some((p) => p.childId === null) : body.participants.some((p) => p.childId !== null)
    if (refused) {
      const message = offering.forChildren ? DROP_IN_MESSAGES.childrenOnly : DROP_IN_MESSAGES.adultsOnly
      throw badRequest(message, { participants: message })
    }
    return offering
  }

  serve(app, signUpForDropIn, async (req, reply, { user }) => {
    const signUp = { ...req.body, idempotencyKey: idempotencyKeyOf(req), now: now() }
    return madeOrRepeated(reply, await signUpOnline(db, site, user.id, signUp, () => openDropIn(req.params.dropInId, req.body, signUp.now)))
  })

  serve(app, signUpForDropInAtDesk, async (req, reply, { user: staff }) => {
    const signUp = { ...req.body, idempotencyKey: idempotencyKeyOf(req), now: now() }
    const by = { customerId: req.params.userId, staff: actorOf(req, staff) }
    return madeOrRepeated(reply, await signUpAtDesk(db, site, by, signUp, () => openDropIn(req.params.dropInId, req.body, signUp.now)))
  })

  serve(app, dropInReceipt, async (req, _reply, { user: viewer }) => {
    const { program: dropIn, places } = await programReceipt(db, kinds, viewer, req.params.userId, () => findDropInForAdmin(db, req.params.dropInId))
    const { id, name, sport, location, academyName, date, startTime, endTime } = dropIn
    return { receipt: { dropIn: { id, name, sport, location, academyName, date, startTime, endTime }, places } }
  })

  serve(app, listAdminDropIns, async () => ({ dropIns: (await listDropInsForAdmin(db)).map(withoutOffering) }))

  serve(app, createDropInContract, async (req, _reply, { user }) => {
    const form = await parseDropInForm(db, req.body)
    const priceProductId = await chosenPriceProduct(db, DROP_IN_PLACES, form.priceProduct)
    await refusePlanAfterEnd(db, priceProductId, form.date, { noun: 'drop-in', field: 'priceProduct' })
    const at = now()
    const dropIn = await inTransaction(db, async (tx) => {
      const area = await areaNamed(tx, form.location)
      const settings = settingsFrom(form, priceProductId, area)
      const created = await createDropIn(tx, settings, at)
      await bookArea(tx, { kind: 'drop-in', id: created.id, areaId: area?.id ?? null, slots: [settings], academyId: settings.academyId })
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'drop-in-created', entity: { kind: 'drop-in', id: created.id, label: created.name }, before: null, after: form, now: at })
      return created
    })
    return { dropIn, offered: 0 }
  })

  serve(app, updateDropInContract, async (req, _reply, { user }) => {
    const ctx = { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }
    const saved = await inTransaction(db, async (tx) => {
      // Read once its places are held: the entry's before is what this change replaces, another admin's save included.
      await holdProgram(tx, DROP_IN_PLACES, req.params.dropInId)
      const current = await findDropInForAdmin(tx, req.params.dropInId)
      if (!current) return undefined
      // Fields left out keep their values, so opening or closing sends isActive alone.
      const form = await parseDropInForm(tx, { ...dropInFormValues(current), ...req.body })
      const priceProductId = await chosenPriceProduct(tx, DROP_IN_PLACES, form.priceProduct)
      await refusePlanAfterEnd(tx, priceProductId, form.date, { noun: 'drop-in', field: 'priceProduct' })
      await refuseEndBeforePlan(tx, { column: 'dropInId', id: current.id }, current.date, form.date, 'drop-in')
      const area = await areaNamed(tx, form.location)
      const settings = settingsFrom(form, priceProductId, area)
      const changed = await updateDropIn(tx, current.id, settings, ctx)
      await bookArea(tx, { kind: 'drop-in', id: current.id, areaId: area?.id ?? null, slots: [settings], academyId: settings.academyId })
      if (changed) await recordStaffAction(tx, { by: actorOf(req, user), action: 'drop-in-changed', entity: { kind: 'drop-in', id: current.id, label: form.name }, before: dropInFormValues(current), after: form, now: ctx.now })
      return changed
    })
    if (!saved) throw notFound('There is no such drop-in session.')
    return { dropIn: withoutOffering(saved.dropIn), offered: saved.offered }
  })

  /** A drop-in's people, checked in or not, and its waitlist, medical notes among them: staff only (the contracts' guard). */
  const participantsOf = async (dropInId: string) => {
    const dropIn = await findDropInForAdmin(db, dropInId)
    if (!dropIn) throw notFound('There is no such drop-in session.')
    const [{ participants, waitlist }, checkedIn] = await Promise.all([listPlaceParticipants(db, dropIn.offeringId, dropIn.date), checkedInIds(db, dropIn.offeringId)])
    const { id, name, date, startTime, endTime, capacity, placesTaken } = dropIn
    return {
      dropIn: { id, name, date, startTime, endTime, capacity, placesTaken, checkedIn: dropIn.checkedIn },
      participants: participants.map((p) => ({ ...p, checkedIn: checkedIn.has(p.registrationId) })),
      waitlist,
    }
  }

  serve(app, listDropInParticipants, async (req) => participantsOf(req.params.dropInId))

  serve(app, dropInParticipantsCsv, async (req, reply) => {
    const { dropIn, participants } = await participantsOf(req.params.dropInId)
    const csv = toCsv([...PARTICIPANT_CSV_HEADERS, 'Checked in'], participants.map((p) => [...participantCsvRow(p), p.checkedIn ? 'Yes' : 'No']))
    return sendCsv(reply, `drop-in-${fileNamePart(dropIn.name)}-${dropIn.date}.csv`, csv)
  })

  serve(app, checkInDropIn, async (req, _reply, { user: staff }) => {
    const at = now()
    const { registrationId, checkedIn } = { ...req.params, ...req.body }
    const record = async (tx: Db, was: boolean) => {
      const entity = { kind: 'registration' as const, id: registrationId, label: await placeLabelOf(tx, registrationId) }
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'checked-in', entity, before: { checkedIn: was }, after: { checkedIn }, now: at })
    }
    return setCheckedIn(db, registrationId, checkedIn, { staffId: staff.id, now: at, record })
  })
}

/** A staff answer's drop-in, without the id of its places the server keeps to itself. */
function withoutOffering({ offeringId: _offeringId, ...dropIn }: AdminDropIn & { offeringId?: string }): AdminDropIn {
  return dropIn
}

/**
 * The form rules, the checks across fields they cannot express, then what only the database
 * knows: a session of an academy is on one of the academy's session dates.
 */
async function parseDropInForm(db: Db, body: unknown): Promise<DropInFormValues> {
  const form = parseCheckedForm(DropInForm, body, dropInFormProblems)
  if (form.academy !== '') {
    const academy = await db.kysely
      .selectFrom('academies')
      .select(['weekdays', 'startTime', 'endTime', 'skippedDates', 'startDate', 'endDate'])
      .where('id', '=', form.academy)
      .executeTakeFirst()
    if (!academy) throw badRequest(DROP_IN_MESSAGES.noAcademy, { academy: DROP_IN_MESSAGES.noAcademy })
    if (!readSchedule(academy).sessionDates.includes(form.date)) throw badRequest(DROP_IN_MESSAGES.notAcademySession, { date: DROP_IN_MESSAGES.notAcademySession })
  }
  return form
}

/** A saved drop-in as the form gives it: what an update leaves alone. */
function dropInFormValues(dropIn: AdminDropIn): DropInFormValues {
  const optional = (value: string | number | null) => (value === null ? '' : String(value))
  return {
    name: dropIn.name,
    sport: dropIn.sport ?? '',
    description: optional(dropIn.description),
    location: optional(dropIn.location),
    academy: optional(dropIn.academyId),
    isActive: String(dropIn.isActive),
    forChildren: String(dropIn.forChildren),
    minAge: optional(dropIn.minAge),
    maxAge: optional(dropIn.maxAge),
    date: dropIn.date,
    startTime: dropIn.startTime,
    endTime: dropIn.endTime,
    registrationDate: dropIn.registrationDate,
    price: dollarsText(dropIn.priceCents),
    priceProduct: '',
    capacity: String(dropIn.capacity),
    payAtSignUp: String(dropIn.payAtSignUp),
    waiverRequired: String(dropIn.waiverRequired),
  }
}

/** Form strings to stored values; a "Where" naming a playing area, its name. */
function settingsFrom(form: DropInFormValues, priceProductId: string | null, area: { name: string } | undefined): NewDropIn {
  const optional = (text: string) => (text === '' ? null : text)
  const age = (text: string) => (text === '' ? null : Number(text))
  return {
    name: form.name,
    sport: form.sport as Sport,
    description: optional(form.description),
    location: area?.name ?? optional(form.location),
    academyId: optional(form.academy),
    isActive: form.isActive === 'true',
    forChildren: form.forChildren === 'true',
    minAge: age(form.minAge),
    maxAge: age(form.maxAge),
    date: form.date,
    startTime: form.startTime,
    endTime: form.endTime,
    registrationDate: form.registrationDate,
    capacity: Number(form.capacity),
    priceCents: centsFromDollars(form.price) ?? 0,
    priceProductId,
    waiverRequired: form.waiverRequired !== 'false',
    payAtSignUp: form.payAtSignUp === 'true',
  }
}
