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
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import { facilityToday } from '../../../shared/format.ts'
import { isStaff } from '../../../shared/roles.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import { findAcademyOffering } from './academy-kind.ts'
import { findReceiptsIn } from '../../core/registrations/registrations.queries.ts'
import { signUpParticipants } from '../../core/registrations/sign-up.ts'
import type { Weekday } from '../../../shared/academy-schedule.ts'
import type { Sport } from '../../../shared/sports.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { holdWhilePaying } from '../../core/payments/pay-at-sign-up.ts'
import type { PaymentProvider } from '../../core/payments/provider.ts'
import { parseForm } from '../../http/forms.ts'
import { inTransaction } from '../../db/transaction.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { chosenProduct } from '../../core/payments/products.queries.ts'
import type { Db } from '../../db/connect.ts'
import { listActiveAcademies, type NewAcademy } from './academies.queries.ts'
import { createAcademy, findAcademyForAdmin, listAcademiesForAdmin, updateAcademy } from './academies.admin.queries.ts'
import { tellScheduleChange } from './academy-session-changes.ts'

/** The Academies page, signing up and receipts, and academy management (create, edit, open and close: admin; the list: staff). */
export function registerAcademyRoutes(app: FastifyInstance, { db, config, now, kinds, provider }: RouteDeps & { kinds: Kinds; provider: PaymentProvider }): void {
  /** Open to everyone: the Academies page. */
  serve(app, listAcademies, async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { academies: await listActiveAcademies(db) }
  })

  serve(app, signUpContract, async (req, reply, { user }) => {
    const at = now()
    const offering = await findAcademyOffering(db, req.params.academyId)
    if (!offering) throw notFound('This academy is not open for registration.')
    const result = await signUpParticipants(db, {
      ...req.body,
      offering,
      userId: user.id,
      idempotencyKey: idempotencyKeyOf(req),
      now: at,
      today: facilityToday(at, config.site.timeZone),
      siteUrl: config.publicUrl,
      paysOnline: config.site.paysOnline,
      placesPerAccount: config.accountLimits.placesPerOffering,
      holdUntil: holdWhilePaying(offering, provider, at, facilityToday(at, config.site.timeZone)),
    })
    reply.code(result.created ? 201 : 200)
    return result
  })

  // The owner and staff only; anyone else gets the 404 of a receipt that does not exist.
  serve(app, academyReceipt, async (req, _reply, { user: viewer }) => {
    if (viewer.id !== req.params.userId && !isStaff(viewer.role)) throw notFound('There is no such receipt.')
    const academy = await findAcademyForAdmin(db, req.params.academyId)
    const places = academy ? await findReceiptsIn(db, req.params.userId, academy.id) : []
    if (!academy || places.length === 0) throw notFound('There is no such receipt.')
    return { receipt: { academy: onReceipt(academy), places } }
  })

  serve(app, listAdminAcademies, async () => {
    return { academies: await listAcademiesForAdmin(db) }
  })

  serve(app, createAcademyContract, async (req) => {
    const form = parseAcademyForm(req.body)
    const academy = await createAcademy(db, settingsFrom(form, await productOf(db, form)))
    return { academy, offered: 0 }
  })

  serve(app, updateAcademyContract, async (req) => {
    const current = await findAcademyForAdmin(db, req.params.academyId)
    if (!current) throw notFound('There is no such academy.')
    // Fields left out keep their values, so opening or closing sends isActive alone.
    const form = parseAcademyForm({ ...academyFormValues(current), ...req.body })
    const ctx = { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }
    const settings = settingsFrom(form, await productOf(db, form))
    // A new weekday or time reaches every family with the change, in its transaction.
    const saved = await inTransaction(db, async (tx) => {
      const changed = await updateAcademy(tx, current.id, settings, ctx)
      if (changed) await tellScheduleChange(tx, current, changed.academy, ctx)
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

/** The form rules, then the checks across fields they cannot express. */
function parseAcademyForm(body: unknown): AcademyFormValues {
  const form = parseForm(AcademyForm, body)
  const problems = academyFormProblems(form)
  if (Object.keys(problems).length > 0) throw badRequest(FORM_MESSAGES.invalid, problems)
  return form
}

/** Form strings to stored values; ages only for an academy that takes children, as the form shows them. */
/** The product of the price list the form chose for the price, checked; null: the typed price. */
function productOf(db: Db, form: AcademyFormValues): Promise<string | null> {
  return form.priceProduct === '' ? Promise.resolve(null) : chosenProduct(db, form.priceProduct, 'academy-fee')
}

function settingsFrom(form: AcademyFormValues, priceProductId: string | null): NewAcademy {
  const whole = (text: string) => (text === '' ? null : Number(text))
  const optional = (text: string) => (text === '' ? null : text)
  const forChildren = form.forChildren === 'true'
  return {
    name: form.name,
    sport: form.sport as Sport,
    description: optional(form.description),
    coach: optional(form.coach),
    location: optional(form.location),
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
    priceCents: centsFromDollars(form.price) ?? 0,
    priceProductId,
    waiverRequired: form.waiverRequired !== 'false',
    payAtSignUp: form.payAtSignUp === 'true',
  }
}
