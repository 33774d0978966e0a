import { z } from 'zod'
import { DropInForm } from '../schemas/drop-in.ts'
import { contract, pathId } from './contract.ts'
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
 * A drop-in session open for registration, as the Drop-in Sessions page lists it (issue 31 §2):
 * one session bought on its own, an open-play slot ("Open Gym Basketball, Saturday 10:00–12:00")
 * or one session of an academy for someone not signed up for all of it. Its places are the door's
 * headcount.
 */
export const DropIn = z.object({
  ...programNaming,
  location: programLocation,
  academyId: z.string().nullable().describe('the academy this is one session of; null: an open-play session'),
  academyName: z.string().nullable(),
  forChildren: z.boolean().describe('true: children by age sign up; false: adults sign themselves up'),
  minAge: z.number().int().nullable().describe('for children: the youngest age on the day'),
  maxAge: z.number().int().nullable().describe('for children: the oldest age on the day'),
  date: z.string().describe('YYYY-MM-DD, the day of the session'),
  startTime: z.string().describe('HH:MM, the facility time zone'),
  endTime: z.string().describe('HH:MM, the facility time zone'),
  registrationDate: z.string().describe('YYYY-MM-DD, the first day it is on sale'),
  ...programPlaces,
  placesLeft: z.number().int().describe('places left: a drop-in always has a limit'),
  waiverRequired: z.boolean().describe('the current waiver must be signed for each participant'),
  pricing: PriceRules,
})
export type DropIn = z.infer<typeof DropIn>

export const listDropIns = programListContract('drop-ins', 'dropIns', DropIn, 'The open drop-in sessions still to come, the soonest first, with their hours, ages, price and places left')

/**
 * Who comes to a drop-in, each with a photo-consent choice: the academy sign-up's shape, so one
 * participant picker serves both. An adults' session takes the account holder only (a null
 * childId), a children's session children only (DROP_IN_MESSAGES).
 */
export const DropInSignUp = ProgramSignUp
export type DropInSignUp = z.infer<typeof DropInSignUp>
export const DropInSignUpResult = ProgramSignUpResult
export type DropInSignUpResult = z.infer<typeof DropInSignUpResult>

export const { online: signUpForDropIn, atDesk: signUpForDropInAtDesk } = programSignUpContracts('drop-ins', 'dropInId', {
  online: 'Sign yourself (an adults’ session) or several children (a children’s session) up for a drop-in in one order: places while they last, the waitlist after (send an Idempotency-Key)',
  atDesk:
    'Sign a customer (or their children) up for a drop-in at the desk or the door: the same engine and one order as online, paid at the counter; staff may go past the places one account may take (send an Idempotency-Key)',
})

/** A person's receipt for a drop-in: every place they (or their children) took in it, with payments. */
export const DropInReceipt = programReceipt('dropIn', DropIn.pick({ id: true, name: true, sport: true, location: true, academyName: true, date: true, startTime: true, endTime: true }))
export type DropInReceipt = z.infer<typeof DropInReceipt>

export const dropInReceipt = programReceiptContract(
  'drop-in',
  'dropInId',
  DropInReceipt,
  "A person's receipt for a drop-in session: each participant's place, the day and hours, price, paid and balance (its owner and staff)",
)

/** A drop-in as staff manage it: everything the form sets, and its headcount. */
export const AdminDropIn = DropIn.omit({ placesLeft: true, pricing: true }).extend({
  isActive: z.boolean(),
  earlyBird: EarlyBird.nullable().describe('the early-bird price of its fee, null without one: the desk states the price of the day (shared/format.ts priceFactText), as a sign-up charges it'),
  capacity: z.number().int().describe('places: the door’s headcount limit'),
  placesTaken: z.number().int().describe('confirmed, held and offered places'),
  checkedIn: z.number().int().describe('people checked in at the door'),
  payAtSignUp: z.boolean().describe('a place is held while its customer pays online, instead of confirmed and paid later'),
})
export type AdminDropIn = z.infer<typeof AdminDropIn>

export const SaveDropInResult = z.object({
  dropIn: AdminDropIn,
  offered: z.number().int().describe('waitlisted people offered a place because the places went up'),
})
export type SaveDropInResult = z.infer<typeof SaveDropInResult>

export const {
  list: listAdminDropIns,
  create: createDropIn,
  update: updateDropIn,
} = programAdminContracts({
  path: 'drop-ins',
  id: 'dropInId',
  listKey: 'dropIns',
  admin: AdminDropIn,
  saved: SaveDropInResult,
  form: DropInForm,
  summaries: {
    list: 'Every drop-in session, open ones first, then by day and hour, with its capacity, places taken and people checked in',
    create: 'Create a drop-in session from the drop-in form; a session of an academy must fall on one of its session dates',
    update: 'Change a drop-in session: the fields sent replace those saved; more places offer them to the waitlist at once',
  },
})

/** A person at a drop-in as staff see them at the door: a program's participant, checked in or not. */
export const DropInParticipant = ProgramParticipant.extend({
  age: z.number().int().nullable().describe('a child’s age on the day; null for an adult'),
  checkedIn: z.boolean().describe('checked in at the door'),
})
export type DropInParticipant = z.infer<typeof DropInParticipant>

export const DropInParticipants = z.object({
  dropIn: z.object({
    id: z.string(),
    name: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    capacity: z.number().int().describe('places: the door’s headcount limit'),
    placesTaken: z.number().int(),
    checkedIn: z.number().int(),
  }),
  participants: z.array(DropInParticipant),
  waitlist: z.array(ProgramWaiting),
})
export type DropInParticipants = z.infer<typeof DropInParticipants>

export const { list: listDropInParticipants, csv: dropInParticipantsCsv } = programParticipantsContracts('drop-ins', 'dropInId', DropInParticipants, {
  list: 'A drop-in’s headcount (capacity, places taken, checked in) and its people with guardian, emergency contact, medical notes, waiver, balance and check-in; then its waitlist in order',
  csv: 'The same people as a CSV file for a spreadsheet',
  csvRow: 'CSV, one row per person',
})

export const CheckIn = z.object({ checkedIn: z.boolean({ error: 'Say whether the person is checked in: true or false.' }) }, { error: 'Send the check-in as a JSON object.' })
export type CheckIn = z.infer<typeof CheckIn>

export const checkInDropIn = contract({
  method: 'POST',
  url: '/api/admin/drop-in-registrations/:registrationId/check-in',
  access: 'staff',
  summary: 'Check a person in at the door, or undo it: only a confirmed place can be checked in (409 otherwise)',
  params: z.object({ registrationId: pathId }),
  body: CheckIn,
  responses: {
    200: z.object({
      registrationId: z.string(),
      checkedIn: z.boolean(),
      headcount: z.object({ capacity: z.number().int(), placesTaken: z.number().int(), checkedIn: z.number().int() }),
    }),
  },
})
