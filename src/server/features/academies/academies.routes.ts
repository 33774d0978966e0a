import type { FastifyInstance } from 'fastify'
import {
  academyReceipt,
  createAcademy as createAcademyContract,
  listAcademies,
  listAdminAcademies,
  signUpForAcademy as signUpContract,
  updateAcademy as updateAcademyContract,
  type AdminAcademy,
} from '../../../shared/contracts/academies.ts'
import { AcademyForm, academyFormProblems, listOf, type AcademyFormValues } from '../../../shared/schemas/academy.ts'
import { academyFormValues } from '../../../shared/schemas/academy-form-values.ts'
import { centsFromDollars } from '../../../shared/money.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import { openAcademyOffering } from './academy-kind.ts'
import { chosenPriceProduct, holdProgram, programReceipt, signUpOnline } from '../../core/registrations/programs.ts'
import type { Weekday } from '../../../shared/academy-schedule.ts'
import type { Sport } from '../../../shared/sports.ts'
import { notFound } from '../../http/errors.ts'
import type { PaymentProvider } from '../../core/payments/provider.ts'
import { parseCheckedForm } from '../../http/forms.ts'
import { inTransaction } from '../../db/transaction.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { actorOf } from '../../http/actor.ts'
import { madeOrRepeated, serve, type RouteDeps } from '../../http/contract.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { ACADEMY_PLACES, listActiveAcademies, type NewAcademy } from './academies.queries.ts'
import { createAcademy, findAcademyForAdmin, listAcademiesForAdmin, updateAcademy } from './academies.admin.queries.ts'
import { tellScheduleChange } from './academy-session-changes.ts'
import { areaNamed, bookArea, weeklySlots } from '../../core/facility-calendar.queries.ts'
import { refuseEndBeforePlan, refuseEnded, refusePlanAfterEnd } from '../../core/registrations/ended-programs.ts'

/** The Academies page, signing up and receipts, and academy management (create, edit, open and close: admin; the list: staff). */
export function registerAcademyRoutes(app: FastifyInstance, { db, config, now, kinds, provider }: RouteDeps & { kinds: Kinds; provider: PaymentProvider }): void {
  /** Open to everyone: the Academies page. */
  serve(app, listAcademies, async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { academies: await listActiveAcademies(db) }
  })

  serve(app, signUpContract, async (req, reply, { user }) => {
    const signUp = { ...req.body, idempotencyKey: idempotencyKeyOf(req), now: now() }
    return madeOrRepeated(reply, await signUpOnline(db, { config, provider, kinds }, user.id, signUp, () => openAcademyOffering(db, req.params.academyId)))
  })

  serve(app, academyReceipt, async (req, _reply, { user: viewer }) => {
    const { program: academy, places } = await programReceipt(db, kinds, viewer, req.params.userId, () => findAcademyForAdmin(db, req.params.academyId))
    return { receipt: { academy: onReceipt(academy), places } }
  })

  serve(app, listAdminAcademies, async () => {
    return { academies: await listAcademiesForAdmin(db) }
  })

  serve(app, createAcademyContract, async (req, _reply, { user }) => {
    const form = parseCheckedForm(AcademyForm, req.body, academyFormProblems)
    refuseEnded(form.endDate, { label: 'The last session', noun: 'academy' }, now(), config.site.timeZone)
    const priceProductId = await chosenPriceProduct(db, ACADEMY_PLACES, form.priceProduct)
    await refusePlanAfterEnd(db, priceProductId, form.endDate, { noun: 'academy', field: 'priceProduct' })
    const academy = await inTransaction(db, async (tx) => {
      const area = await areaNamed(tx, form.location)
      const settings = settingsFrom(form, priceProductId, area)
      const created = await createAcademy(tx, settings)
      await bookArea(tx, { kind: 'academy', id: created.id, areaId: area?.id ?? null, slots: weeklySlots(settings) })
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'academy-created', entity: { kind: 'academy', id: created.id, label: created.name }, before: null, after: form, now: now() })
      return created
    })
    return { academy, offered: 0 }
  })

  serve(app, updateAcademyContract, async (req, _reply, { user }) => {
    const ctx = { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }
    // A new weekday or time reaches every family with the change, in its transaction.
    const saved = await inTransaction(db, async (tx) => {
      // Read once its places are held: the entry's before is what this change replaces, another admin's save included.
      await holdProgram(tx, ACADEMY_PLACES, req.params.academyId)
      const current = await findAcademyForAdmin(tx, req.params.academyId)
      if (!current) return undefined
      // Fields left out keep their values, so opening or closing sends isActive alone.
      const form = parseCheckedForm(AcademyForm, { ...academyFormValues(current), ...req.body }, academyFormProblems)
      const priceProductId = await chosenPriceProduct(tx, ACADEMY_PLACES, form.priceProduct)
      await refusePlanAfterEnd(tx, priceProductId, form.endDate, { noun: 'academy', field: 'priceProduct' })
      await refuseEndBeforePlan(tx, { column: 'academyId', id: current.id }, current.endDate, form.endDate, 'academy')
      const area = await areaNamed(tx, form.location)
      const settings = settingsFrom(form, priceProductId, area)
      const changed = await updateAcademy(tx, current.id, settings, ctx)
      await bookArea(tx, { kind: 'academy', id: current.id, areaId: area?.id ?? null, slots: weeklySlots(settings) })
      if (changed) await tellScheduleChange(tx, current, changed.academy, ctx)
      if (changed) await recordStaffAction(tx, { by: actorOf(req, user), action: 'academy-changed', entity: { kind: 'academy', id: current.id, label: form.name }, before: academyFormValues(current), after: form, now: ctx.now })
      return changed
    })
    if (!saved) throw notFound('There is no such academy.')
    return saved
  })
}

/** What a receipt says of its academy. */
function onReceipt({ id, name, sport, coach, location, weekdays, startTime, endTime, sessionDates, startDate, endDate }: AdminAcademy) {
  return { id, name, sport, coach, location, weekdays, startTime, endTime, sessionDates, startDate, endDate }
}

/** Form strings to stored values; ages only for an academy that takes children, as the form shows them; a "Where" naming a playing area, its name. */
function settingsFrom(form: AcademyFormValues, priceProductId: string | null, area: { name: string } | undefined): NewAcademy {
  const whole = (text: string) => (text === '' ? null : Number(text))
  const optional = (text: string) => (text === '' ? null : text)
  const forChildren = form.forChildren === 'true'
  return {
    name: form.name,
    sport: form.sport as Sport,
    description: optional(form.description),
    coach: optional(form.coach),
    location: area?.name ?? optional(form.location),
    isActive: form.isActive === 'true',
    forChildren,
    minAge: forChildren ? whole(form.minAge) : null,
    maxAge: forChildren ? whole(form.maxAge) : null,
    // Checked by academyFormProblems.
    weekdays: listOf(form.weekdays).map(Number) as Weekday[],
    startTime: form.startTime,
    endTime: form.endTime,
    skippedDates: [...new Set(listOf(form.skippedDates))].sort(),
    registrationDate: form.registrationDate,
    registrationDeadline: optional(form.registrationDeadline),
    startDate: form.startDate,
    endDate: form.endDate,
    capacity: whole(form.capacity),
    minimum: whole(form.minimum),
    priceCents: centsFromDollars(form.price) ?? 0,
    priceProductId,
    waiverRequired: form.waiverRequired !== 'false',
    payAtSignUp: form.payAtSignUp === 'true',
  }
}
