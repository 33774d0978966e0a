import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { attendanceReportCsv, paymentsReportCsv, readReportsIndex, readSeasonSummary, registrationsReportCsv } from '../../../shared/contracts/reports.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { facilityToday } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { serve } from '../../http/contract.ts'
import { csvStream, fileNamePart, sendCsv } from '../../http/csv.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { findAcademyForAdmin } from '../academies/academies.admin.queries.ts'
import { attendanceSheet } from '../academies/academy-attendance.queries.ts'
import { dashboardPeriods } from './dashboard-periods.ts'
import { PAYMENT_CSV_HEADERS, paymentRows, REGISTRATION_CSV_HEADERS, registrationRows } from './reports.queries.ts'
import { listReportPrograms, seasonSummary } from './season-summary.queries.ts'

/** The contract refuses a range given backwards; this, one whose left-out end (today, a season's last day) comes before the day given. */
function inOrder(from: string, to: string): void {
  const message = `The first day (${from}) must not be after the last (${to}).`
  if (from > to) throw badRequest(message, { to: message })
}

interface Deps {
  db: Db
  timeZone: string
  now: () => Date
}

/**
 * The Reports of issue 32 (admins): CSV files for a range of the facility's days — this season
 * (the Dashboard's: from the first day an active league or academy took registrations) to today
 * when none is given — each written as its rows are read, and a program's season on one page.
 */
export function registerReportRoutes(app: FastifyInstance, { db, timeZone, now }: Deps): void {
  /** The range asked for, the season's days filling what was left out, and the instants it covers. */
  const rangeOf = async (query: { from?: string; to?: string }) => {
    const periods = query.from && query.to ? undefined : await dashboardPeriods(db, now(), timeZone)
    const from = query.from ?? periods!.seasonStart
    const to = query.to ?? periods!.today
    inOrder(from, to)
    return { from, to, instants: { start: sessionStartsAt(from, '00:00', timeZone), end: sessionStartsAt(addDays(to, 1), '00:00', timeZone) } }
  }

  serve(app, readReportsIndex, async () => {
    const [periods, programs] = await Promise.all([dashboardPeriods(db, now(), timeZone), listReportPrograms(db)])
    return { today: periods.today, seasonStart: periods.seasonStart, programs }
  })

  serve(app, paymentsReportCsv, async (req, reply) => {
    const { from, to, instants } = await rangeOf(req.query)
    return sendCsv(reply, `payments-${from}-to-${to}.csv`, csvStream(PAYMENT_CSV_HEADERS, paymentRows(db, instants, timeZone)))
  })

  serve(app, registrationsReportCsv, async (req, reply) => {
    const { from, to, instants } = await rangeOf(req.query)
    const programs = req.query.program === undefined ? undefined : await listReportPrograms(db)
    const program = programs?.find((p) => p.ownerId === req.query.program)
    if (programs && !program) throw notFound('There is no such league, academy or camp.')
    const name = program ? fileNamePart(program.name) : 'all'
    return sendCsv(reply, `registrations-${name}-${from}-to-${to}.csv`, csvStream(REGISTRATION_CSV_HEADERS, registrationRows(db, instants, program?.ownerId, timeZone)))
  })

  serve(app, attendanceReportCsv, async (req, reply) => {
    const academy = await findAcademyForAdmin(db, req.params.academyId)
    if (!academy) throw notFound('There is no such academy.')
    // Without a range, every session the academy has: its sheet, as the coach marked it.
    const from = req.query.from ?? academy.startDate
    const to = req.query.to ?? academy.endDate
    inOrder(from, to)
    const sheet = await attendanceSheet(db, academy, facilityToday(now(), timeZone))
    const sessions = sheet.sessions.filter((day) => day >= from && day <= to)
    const marks = new Map(sheet.marks.map((m) => [`${m.registrationId} ${m.sessionDate}`, m.present ? 'Present' : 'Absent']))
    const rows = sheet.participants.map((p) => [p.name, p.age ?? 'Adult', ...sessions.map((day) => marks.get(`${p.registrationId} ${day}`) ?? null)])
    async function* onePage() {
      yield rows
    }
    return sendCsv(reply, `attendance-${fileNamePart(academy.name)}-${from}-to-${to}.csv`, csvStream(['Participant', 'Age', ...sessions], onePage()))
  })

  serve(app, readSeasonSummary, async (req) => {
    const at = now()
    const periods = await dashboardPeriods(db, at, timeZone)
    const summary = await seasonSummary(db, req.params.ownerId, periods.today, periods.dayOf)
    if (!summary) throw notFound('There is no such league, academy or camp.')
    return summary
  })
}
