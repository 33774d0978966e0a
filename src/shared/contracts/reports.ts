import { z } from 'zod'
import { contract, pathId } from './contract.ts'

/**
 * The Reports of issue 32 (Dashboard → Reports): CSV files for a range of the facility's days, for
 * staff and the accountant, and a season's one-page summary. Admins only: they carry every
 * family's contact details and money.
 */

const DATE_MESSAGE = 'Enter a date such as 2027-01-05.'

/** A calendar day, checked to exist (2027-02-30 does not). */
const day = z.string({ error: DATE_MESSAGE }).refine((text) => {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text)
}, { error: DATE_MESSAGE })

const rangeFields = {
  from: day.optional().describe('the first day, YYYY-MM-DD in the facility’s time zone; the season’s first day when left out'),
  to: day.optional().describe('the last day, YYYY-MM-DD in the facility’s time zone; today when left out'),
}
const RANGE_ORDER = { error: 'The first day (from) must not be after the last (to).', path: ['to'] }
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to

export const ReportRange = z.object(rangeFields).refine(inOrder, RANGE_ORDER)

export const RegistrationsReportQuery = z
  .object({
    ...rangeFields,
    program: z
      .string({ error: 'Choose a league, academy or camp from the list.' })
      .max(100, { error: 'Choose a league, academy or camp from the list.' })
      .optional()
      .describe('a league’s, academy’s or camp’s id; every program when left out'),
  })
  .refine(inOrder, RANGE_ORDER)

export const REPORT_PROGRAM_KINDS = ['league', 'academy', 'camp'] as const

export const ReportProgram = z.object({
  ownerId: z.string(),
  kind: z.enum(REPORT_PROGRAM_KINDS),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
})
export type ReportProgram = z.infer<typeof ReportProgram>

export const ReportsIndex = z.object({
  today: z.string().describe('the facility’s day'),
  seasonStart: z.string().describe('the first day an active league or academy took registrations, at most 364 days back: the range the files cover when none is given'),
  programs: z.array(ReportProgram).describe('every league, academy and camp, active ones first, by name'),
})
export type ReportsIndex = z.infer<typeof ReportsIndex>

const Cents = z.number().int()
const Count = z.number().int()

export const SeasonSummary = z.object({
  program: ReportProgram.extend({ sport: z.string().nullable() }),
  today: z.string(),
  placesTaken: Count.describe('places confirmed, held or offered (a team league: teams)'),
  capacity: Count.nullable().describe('null: no limit'),
  waiting: Count,
  teams: z.object({ complete: Count, forming: Count }).nullable().describe('a team league’s teams by their state; null for others'),
  money: z.object({
    collectedCents: Cents.describe('payments towards its places'),
    refundedCents: Cents.describe('refunds from them that went through'),
    outstandingCents: Cents.describe('what its places held (confirmed, or held while paying) still owe'),
  }),
  perWeek: z.array(z.object({ weekStart: z.string().describe('a Monday'), count: Count })).describe('sign-ups per week, from the week it opened to this one (or its last)'),
})
export type SeasonSummary = z.infer<typeof SeasonSummary>

export const readReportsIndex = contract({
  method: 'GET',
  url: '/api/admin/reports',
  access: 'admin',
  summary: 'What the Reports page offers: the season’s first day and today (the default range) and every league, academy and camp to report on',
  responses: { 200: ReportsIndex },
})

const csvAnswer = (rows: string) => ({ 200: z.string().describe(`CSV (UTF-8 with a byte order mark), ${rows}`) })

export const registrationsReportCsv = contract({
  method: 'GET',
  url: '/api/admin/reports/registrations.csv',
  access: 'admin',
  summary: 'Registrations made in a range of days, in one program or all: participant, age, guardian, contact, team, status, price, discounts, paid, balance and waiver',
  query: RegistrationsReportQuery,
  contentType: 'text/csv',
  responses: csvAnswer('one row per registration, oldest first'),
})

export const paymentsReportCsv = contract({
  method: 'GET',
  url: '/api/admin/reports/payments.csv',
  access: 'admin',
  summary: 'Payments and refunds that went through recorded in a range of days, with payer, method, reference, Stripe ids, amount and what they paid for: its totals are the Dashboard’s Money figures for the same days',
  query: ReportRange,
  contentType: 'text/csv',
  responses: csvAnswer('one row per payment or refund, oldest first; refunds as negative amounts'),
})

export const attendanceReportCsv = contract({
  method: 'GET',
  url: '/api/admin/reports/academies/:academyId/attendance.csv',
  access: 'admin',
  summary: 'An academy’s attendance over a range of days: its participants × its sessions, present or absent as the coach marked them',
  params: z.object({ academyId: pathId }),
  query: ReportRange,
  contentType: 'text/csv',
  responses: csvAnswer('one row per participant, a column per session'),
})

export const readSeasonSummary = contract({
  method: 'GET',
  url: '/api/admin/reports/summary/:ownerId',
  access: 'admin',
  summary: 'A league’s or an academy’s season on one page: places against capacity, waitlist, teams, money collected, refunded and outstanding, sign-ups per week',
  params: z.object({ ownerId: pathId }),
  responses: { 200: SeasonSummary },
})
