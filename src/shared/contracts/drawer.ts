import { z } from 'zod'
import { PAYMENT_METHODS, type PaymentMethod } from '../schemas/payments.ts'
import { contract } from './contract.ts'

/**
 * The drawer (issue 32): the desk's end-of-day summary, so the cash drawer and the card
 * terminal's batch can be checked against it — payments recorded on a facility day by method and
 * by who took them, and refunds that went through that day, as the Money section counts them.
 */

const Cents = z.number().int()
const ByMethod = z.object(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, Cents])) as Record<PaymentMethod, typeof Cents>)

const DAY_MESSAGE = 'Choose a day such as 2027-01-05.'

/** A calendar day, checked to exist (2027-02-30 does not). */
export const DrawerQuery = z.object({
  day: z
    .string({ error: DAY_MESSAGE })
    .refine((text) => {
      const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text)
    }, { error: DAY_MESSAGE })
    .optional()
    .describe('the facility day, YYYY-MM-DD; today when left out'),
})

export const DrawerTakings = z.object({
  byMethod: ByMethod.describe('payments recorded that day, by method'),
  collectedCents: Cents,
  refundedByMethod: ByMethod.describe('refunds that went through that day, by the method of the payment they gave back'),
  refundedCents: Cents,
  netCents: Cents.describe('collected less refunded'),
})
export type DrawerTakings = z.infer<typeof DrawerTakings>

export const DrawerTaker = DrawerTakings.extend({
  staffId: z.string().nullable().describe('the staff member; null for payments made online and for a staff account since removed'),
  name: z.string(),
})
export type DrawerTaker = z.infer<typeof DrawerTaker>

export const DrawerLine = z.object({
  kind: z.enum(['payment', 'refund']),
  id: z.string(),
  at: z.string().describe('ISO 8601 time it was recorded'),
  method: z.enum(PAYMENT_METHODS),
  amountCents: Cents.describe('positive: money in for a payment, money back for a refund'),
  payer: z.string().describe('the account that paid'),
  reference: z.string().nullable().describe('a check number, the terminal’s reference, a refund’s reason'),
  takenBy: z.string().describe('who took it: a staff member’s name, or Online'),
  for: z.string().describe('what it paid for: the order lines it went to'),
})
export type DrawerLine = z.infer<typeof DrawerLine>

export const DeskDrawer = z.object({
  day: z.string(),
  today: z.string().describe('the facility’s today, for the day picker'),
  totals: DrawerTakings,
  byTaker: z.array(DrawerTaker).describe('who took the money, by name; Online last'),
  lines: z.array(DrawerLine).describe('every payment and refund of the day, in the order recorded'),
})
export type DeskDrawer = z.infer<typeof DeskDrawer>

export const readDeskDrawer = contract({
  method: 'GET',
  url: '/api/desk/drawer',
  access: 'staff',
  summary: 'The drawer: a facility day’s payments by method and by who took them, refunds and totals, to check the cash drawer and the card terminal’s batch against',
  query: DrawerQuery,
  responses: { 200: DeskDrawer },
})

export const deskDrawerCsv = contract({
  method: 'GET',
  url: '/api/desk/drawer.csv',
  access: 'staff',
  summary: 'The drawer’s payments and refunds of a facility day as a CSV file for a spreadsheet',
  query: DrawerQuery,
  contentType: 'text/csv',
  responses: { 200: z.string().describe('CSV with a byte order mark, one row per payment or refund (a refund’s amount below zero)') },
})
