import type { FastifyInstance } from 'fastify'
import { createAcademy as createAcademyContract, listAcademies, listAdminAcademies, updateAcademy as updateAcademyContract } from '../../../shared/contracts/academies.ts'
import { AcademyForm, academyFormProblems, academyFormValues, listOf, type AcademyFormValues } from '../../../shared/schemas/academy.ts'
import { centsFromDollars } from '../../../shared/money.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import type { Weekday } from '../../../shared/academy-schedule.ts'
import type { Sport } from '../../../shared/sports.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { inTransaction } from '../../db/transaction.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { listActiveAcademies, type NewAcademy } from './academies.queries.ts'
import { createAcademy, findAcademyForAdmin, listAcademiesForAdmin, updateAcademy } from './academies.admin.queries.ts'
import { tellScheduleChange } from './academy-session-changes.ts'

/** The Academies page, and academy management (create, edit, open and close: admin; the list: staff). */
export function registerAcademyRoutes(app: FastifyInstance, { db, config, now }: RouteDeps): void {
  /** Open to everyone: the Academies page. */
  serve(app, listAcademies, async (_req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { academies: await listActiveAcademies(db) }
  })

  serve(app, listAdminAcademies, async () => {
    return { academies: await listAcademiesForAdmin(db) }
  })

  serve(app, createAcademyContract, async (req) => {
    const academy = await createAcademy(db, settingsFrom(parseAcademyForm(req.body)))
    return { academy, offered: 0 }
  })

  serve(app, updateAcademyContract, async (req) => {
    const current = await findAcademyForAdmin(db, req.params.academyId)
    if (!current) throw notFound('There is no such academy.')
    // Fields left out keep their values, so opening or closing sends isActive alone.
    const form = parseAcademyForm({ ...academyFormValues(current), ...req.body })
    const ctx = { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl }
    // A new weekday or time reaches every family with the change, in its transaction.
    const saved = await inTransaction(db, async (tx) => {
      const changed = await updateAcademy(tx, current.id, settingsFrom(form), ctx)
      if (changed) await tellScheduleChange(tx, current, changed.academy, ctx)
      return changed
    })
    if (!saved) throw notFound('There is no such academy.')
    return saved
  })
}

/** The form rules, then the checks across fields they cannot express. */
function parseAcademyForm(body: unknown): AcademyFormValues {
  const form = parseForm(AcademyForm, body)
  const problems = academyFormProblems(form)
  if (Object.keys(problems).length > 0) throw badRequest(FORM_MESSAGES.invalid, problems)
  return form
}

/** Form strings to stored values; ages only for an academy that takes children, as the form shows them. */
function settingsFrom(form: AcademyFormValues): NewAcademy {
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
    waiverRequired: form.waiverRequired !== 'false',
  }
}
