import { z } from 'zod'
import { PAYMENT_METHODS } from '../schemas/payments.ts'
import { contract } from './contract.ts'
import { ATTENTION_KINDS, type AttentionKind } from '../attention.ts'

/**
 * The Dashboard's sections (issue 32), one request each so the slowest never holds up the rest.
 * Periods are the facility's days: today, this week (from Monday) and this season (from the
 * first day an active league or academy took registrations, at most a year back).
 */
export const DashboardPeriods = z.object({
  today: z.string().describe('the facility day the figures are for (YYYY-MM-DD)'),
  weekStart: z.string().describe('Monday of this week'),
  seasonStart: z.string().describe('the first day an active league or academy took registrations, at most 364 days back'),
})
export type DashboardPeriods = z.infer<typeof DashboardPeriods>

const Count = z.number().int()
const Cents = z.number().int()

export const ProgramFill = z.object({
  ownerId: z.string(),
  kind: z.enum(['league', 'team-league', 'academy', 'camp', 'drop-in']),
  name: z.string(),
  day: z.string().nullable().describe('a drop-in session’s day (YYYY-MM-DD); null for others'),
  placesTaken: Count.describe('places taken (a team league: teams)'),
  capacity: Count.nullable().describe('null: no limit'),
  waiting: Count.describe('on the waitlist'),
  teams: z.object({ complete: Count, forming: Count }).nullable().describe('a team league’s teams by their state; null for others'),
})
export type ProgramFill = z.infer<typeof ProgramFill>

export const RegistrationSection = DashboardPeriods.extend({
  programs: z.array(ProgramFill).describe('every active league, academy and camp, and every active drop-in session from today on, by name'),
  registrations: z.object({ today: Count, week: Count, season: Count }).describe('sign-ups made in the active leagues, academies, camps and drop-in sessions, whatever became of them'),
  perDay: z.array(z.object({ day: z.string(), count: Count })).describe('sign-ups per facility day, from the season’s first day to today'),
})
export type RegistrationSection = z.infer<typeof RegistrationSection>

const ByMethod = z.object(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, Cents])) as Record<(typeof PAYMENT_METHODS)[number], typeof Cents>)
const Takings = z.object({ collectedCents: Cents, byMethod: ByMethod, refundedCents: Cents.describe('refunds that went through, by the day they were recorded') })
export type Takings = z.infer<typeof Takings>

export const OwedBalance = z.object({
  registrationId: z.string(),
  receiptNumber: z.string(),
  userId: z.string().describe('the account that holds the place: its record at the desk shows the registration'),
  participant: z.string(),
  programName: z.string(),
  balanceCents: Cents,
})
export type OwedBalance = z.infer<typeof OwedBalance>

export const MoneySection = DashboardPeriods.extend({
  takings: z.object({ today: Takings, week: Takings, season: Takings }).describe('payments by the day recorded, by method, and refunds'),
  pendingRefundsCents: Cents.describe('refunds sent to the payment provider and not yet confirmed'),
  outstanding: z.object({
    totalCents: Cents.describe('what places held (confirmed, or held while paying) still owe'),
    registrations: Count,
    largest: z.array(OwedBalance).max(10).describe('the ten largest balances, largest first'),
  }),
  overduePlanParts: z.object({ parts: Count, registrations: Count, amountCents: Cents.describe('what the overdue parts still ask') }),
})
export type MoneySection = z.infer<typeof MoneySection>

export const readRegistrationSection = contract({
  method: 'GET',
  url: '/api/dashboard/registration',
  access: 'admin',
  summary: 'The Dashboard’s Registration section: each active league’s, academy’s, camp’s and coming drop-in session’s places against capacity, waitlists and teams; sign-ups today, this week, this season and per day',
  responses: { 200: RegistrationSection },
})

export const readMoneySection = contract({
  method: 'GET',
  url: '/api/dashboard/money',
  access: 'admin',
  summary: 'The Dashboard’s Money section: collected today, this week and this season by method, refunds, outstanding balances (the ten largest) and overdue payment-plan parts',
  responses: { 200: MoneySection },
})

export const AttentionItem = z.object({
  kind: z.enum(ATTENTION_KINDS),
  who: z.string().describe('the person, team or thing it is about'),
  what: z.string().describe('what is wrong, in one line'),
  since: z.string().describe('when the wait started (ISO 8601)'),
  link: z.string().describe('the path of the page where it is fixed'),
})
export type AttentionItem = z.infer<typeof AttentionItem>

/** At most this many items are listed (the newest); the counts are of all. */
export const ATTENTION_ITEMS_LISTED = 300

export const AttentionSection = z.object({
  asOf: z.string().describe('the time the items were read (ISO 8601): how long each has waited is counted to it'),
  counts: z.object(Object.fromEntries(ATTENTION_KINDS.map((k) => [k, Count])) as Record<AttentionKind, typeof Count>).describe('items of each kind, all of them'),
  items: z.array(AttentionItem).max(ATTENTION_ITEMS_LISTED).describe('newest first (the latest wait first), at most 300'),
})
export type AttentionSection = z.infer<typeof AttentionSection>

export const readAttentionSection = contract({
  method: 'GET',
  url: '/api/dashboard/attention',
  access: 'admin',
  summary: 'The Dashboard’s Needs attention section: every problem the data shows (unpaid places, overdue plan parts, forming teams, lapsing offers, unsigned waivers, failed payments, emails and backups), each with a link to where it is fixed',
  responses: { 200: AttentionSection },
})

export const MissingWaiver = z.object({
  registrationId: z.string(),
  userId: z.string().describe('the account that holds the place: its record at the desk takes the signature'),
  participant: z.string().describe('the child’s name, or the account holder’s when they take part themselves'),
})
export type MissingWaiver = z.infer<typeof MissingWaiver>

export const TodaysSession = z.object({
  kind: z.enum(['academy', 'camp', 'drop-in']),
  id: z.string().describe('the academy’s, camp’s or drop-in’s id'),
  name: z.string(),
  location: z.string().nullable(),
  startTime: z.string().describe('HH:MM, the facility’s time'),
  endTime: z.string(),
  expected: Count.describe('confirmed places: the people expected'),
  capacity: Count.nullable().describe('null: no limit'),
  missingWaivers: z.array(MissingWaiver).describe('confirmed people without the current waiver signed, where the program asks for one, by name'),
})
export type TodaysSession = z.infer<typeof TodaysSession>

export const TodaySection = z.object({
  today: z.string().describe('the facility day (YYYY-MM-DD)'),
  sessions: z.array(TodaysSession).describe('today’s sessions of active academies, days of active camps and active drop-ins, by start time then name'),
})
export type TodaySection = z.infer<typeof TodaySection>

export const readTodaySection = contract({
  method: 'GET',
  url: '/api/dashboard/today',
  access: 'admin',
  summary: 'The Dashboard’s Today section: today’s academy sessions, camp days and drop-ins with the people expected and those without the current waiver signed',
  responses: { 200: TodaySection },
})
