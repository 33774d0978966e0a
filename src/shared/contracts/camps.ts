import { z } from 'zod'
import { CampForm } from '../schemas/camp.ts'
import { EarlyBird, PriceRules } from './products.ts'
import {
  programAdminContracts,
  programListContract,
  programLocation,
  programNaming,
  programParticipantsContracts,
  programPlaces,
  ProgramParticipant,
  programReceipt,
  programReceiptContract,
  ProgramSignUp,
  ProgramSignUpResult,
  programSignUpContracts,
  ProgramWaiting,
} from './programs.ts'

/**
 * A camp open for registration, as the Camps page lists it (issue 31 §2): an academy's cousin that
 * meets every day from its first day to its last (one day, or a school break), for children whose
 * age on the first day is within minAge..maxAge.
 */
export const Camp = z.object({
  ...programNaming,
  coach: z.string().nullable(),
  location: programLocation,
  minAge: z.number().int().describe('the youngest age on the first day'),
  maxAge: z.number().int().describe('the oldest age on the first day'),
  days: z.array(z.string()).describe('YYYY-MM-DD, every day it meets: each day from the first to the last'),
  startTime: z.string().describe('HH:MM each day, the facility time zone'),
  endTime: z.string().describe('HH:MM each day, the facility time zone'),
  registrationDate: z.string().describe('YYYY-MM-DD, the first day to register'),
  registrationDeadline: z.string().nullable().describe('the last day to register; null: the day before the first day'),
  startDate: z.string().describe('YYYY-MM-DD, the first day'),
  endDate: z.string().describe('YYYY-MM-DD, the last day (the first, for a one-day camp)'),
  ...programPlaces,
  waiverRequired: z.boolean().describe('the current waiver must be signed for each child'),
  pricing: PriceRules,
})
export type Camp = z.infer<typeof Camp>

export const listCamps = programListContract('camps', 'camps', Camp, 'The open camps with their days, hours, ages, price and places left')

/**
 * The children who go to a camp, each with a photo-consent choice: the academy sign-up's shape, so
 * one participant picker serves both. A camp is for children only: a null childId (the account
 * holder) is refused with CAMP_MESSAGES.adultsOnly.
 */
export const CampSignUp = ProgramSignUp
export type CampSignUp = z.infer<typeof CampSignUp>
export const CampSignUpResult = ProgramSignUpResult
export type CampSignUpResult = z.infer<typeof CampSignUpResult>

export const { online: signUpForCamp, atDesk: signUpForCampAtDesk } = programSignUpContracts('camps', 'campId', {
  online: 'Sign one or several children up for a camp in one order: places while they last, the waitlist after (send an Idempotency-Key)',
  atDesk:
    'Sign one or several of a customer’s children up for a camp at the desk: the same engine and one order as online, paid at the counter; staff may go past the places one account may take (send an Idempotency-Key)',
})

/** A person's receipt for a camp: every place their children took in it, with payments. */
export const CampReceipt = programReceipt(
  'camp',
  Camp.pick({ id: true, name: true, sport: true, coach: true, location: true, days: true, startTime: true, endTime: true, startDate: true, endDate: true }),
)
export type CampReceipt = z.infer<typeof CampReceipt>

export const campReceipt = programReceiptContract('camp', 'campId', CampReceipt, "A person's receipt for a camp: each child's place, the days, price, paid and balance (its owner and staff)")

/** A camp as staff manage it: everything the form sets, and its places. */
export const AdminCamp = Camp.omit({ placesLeft: true, pricing: true }).extend({
  isActive: z.boolean(),
  earlyBird: EarlyBird.nullable().describe('the early-bird price of its fee, null without one: the desk states the price of the day (shared/format.ts priceFactText), as a sign-up charges it'),
  capacity: z.number().int().nullable().describe('null when the camp has no limit'),
  minimum: z.number().int().nullable().describe('the fewest confirmed places it needs to run; null: none'),
  placesTaken: z.number().int().describe('confirmed, held and offered places'),
  payAtSignUp: z.boolean().describe('a place is held while its family pays online, instead of confirmed and paid later'),
})
export type AdminCamp = z.infer<typeof AdminCamp>

export const SaveCampResult = z.object({
  camp: AdminCamp,
  offered: z.number().int().describe('waitlisted children offered a place because the capacity went up'),
})
export type SaveCampResult = z.infer<typeof SaveCampResult>

export const {
  list: listAdminCamps,
  create: createCamp,
  update: updateCamp,
} = programAdminContracts({
  path: 'camps',
  id: 'campId',
  listKey: 'camps',
  admin: AdminCamp,
  saved: SaveCampResult,
  form: CampForm,
  summaries: {
    list: 'Every camp, open ones first, with its days, places taken and waitlist',
    create: 'Create a camp from the camp form',
    update: 'Change a camp: the fields sent replace those saved; a higher capacity offers places to the waitlist at once',
  },
})

/** A child at a camp as staff and the coach see them: a program's participant (who to call, what to know of their health, what they owe), aged on the first day. */
export const CampParticipant = ProgramParticipant.extend({
  age: z.number().int().nullable().describe('the child’s age on the first day'),
})
export type CampParticipant = z.infer<typeof CampParticipant>

export const CampParticipants = z.object({
  camp: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), capacity: z.number().int().nullable(), placesTaken: z.number().int() }),
  participants: z.array(CampParticipant),
  waitlist: z.array(ProgramWaiting),
})
export type CampParticipants = z.infer<typeof CampParticipants>

export const { list: listCampParticipants, csv: campParticipantsCsv } = programParticipantsContracts('camps', 'campId', CampParticipants, {
  list: 'A camp’s children with age, guardian, emergency contact, medical notes, waiver, photo consent and balance; then its waitlist in order',
  csv: 'The same children as a CSV file for a spreadsheet',
  csvRow: 'CSV, one row per child',
})
