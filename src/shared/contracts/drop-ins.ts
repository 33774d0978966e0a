import { z } from 'zod'
import { SPORTS } from '../sports.ts'
import { DropInForm } from '../schemas/drop-in.ts'
import { AcademyParticipant, AcademySignUp, AcademySignUpResult, AcademyWaiting } from './academies.ts'
import { contract, formBody, pathId } from './contract.ts'
import { Receipt } from './registrations.ts'
import { PriceRules } from './products.ts'

/**
 * A drop-in session open for registration, as the Drop-in Sessions page lists it (issue 31 §2):
 * one session bought on its own, an open-play slot ("Open Gym Basketball, Saturday 10:00–12:00")
 * or one session of an academy for someone not signed up for all of it. Its spots are the door's
 * headcount.
 */
export const DropIn = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS).nullable(),
  description: z.string().nullable(),
  location: z.string().nullable().describe('where it meets: a court or a field'),
  academyId: z.string().nullable().describe('the academy this is one session of; null: an open-play session'),
  academyName: z.string().nullable(),
  forChildren: z.boolean().describe('true: children by age sign up; false: adults sign themselves up'),
  minAge: z.number().int().nullable().describe('for children: the youngest age on the day'),
  maxAge: z.number().int().nullable().describe('for children: the oldest age on the day'),
  date: z.string().describe('YYYY-MM-DD, the day of the session'),
  startTime: z.string().describe('HH:MM, the facility time zone'),
  endTime: z.string().describe('HH:MM, the facility time zone'),
  registrationDate: z.string().describe('YYYY-MM-DD, the first day it is on sale'),
  priceCents: z.number().int(),
  placesLeft: z.number().int().describe('spots left: a drop-in always has a limit'),
  waitlistSize: z.number().int(),
  waiverRequired: z.boolean().describe('the current waiver must be signed for each participant'),
  pricing: PriceRules,
})
export type DropIn = z.infer<typeof DropIn>

export const listDropIns = contract({
  method: 'GET',
  url: '/api/drop-ins/active',
  access: 'open',
  summary: 'The open drop-in sessions still to come, the soonest first, with their hours, ages, price and spots left',
  responses: { 200: z.object({ dropIns: z.array(DropIn) }) },
})

/**
 * Who comes to a drop-in, each with a photo-consent choice: the academy sign-up's shape, so one
 * participant picker serves both. An adults' session takes the account holder only (a null
 * childId), a children's session children only (DROP_IN_MESSAGES).
 */
export const DropInSignUp = AcademySignUp
export type DropInSignUp = z.infer<typeof DropInSignUp>
export const DropInSignUpResult = AcademySignUpResult
export type DropInSignUpResult = z.infer<typeof DropInSignUpResult>

const dropInId = z.object({ dropInId: pathId })

export const signUpForDropIn = contract({
  method: 'POST',
  url: '/api/drop-ins/:dropInId/registrations',
  access: 'login',
  summary: 'Sign yourself (an adults’ session) or several children (a children’s session) up for a drop-in in one order: spots while they last, the waitlist after (send an Idempotency-Key)',
  params: dropInId,
  body: DropInSignUp,
  responses: { 200: DropInSignUpResult, 201: DropInSignUpResult },
})

/** A person's receipt for a drop-in: every place they (or their children) took in it, with payments. */
export const DropInReceipt = z.object({
  dropIn: DropIn.pick({ id: true, name: true, sport: true, location: true, academyName: true, date: true, startTime: true, endTime: true }),
  places: z.array(Receipt),
})
export type DropInReceipt = z.infer<typeof DropInReceipt>

export const dropInReceipt = contract({
  method: 'GET',
  url: '/api/receipts/user/:userId/drop-in/:dropInId',
  access: 'owner',
  summary: "A person's receipt for a drop-in session: each participant's place, the day and hours, price, paid and balance (its owner and staff)",
  params: z.object({ userId: pathId, dropInId: pathId }),
  responses: { 200: z.object({ receipt: DropInReceipt }) },
})

/** A drop-in as staff manage it: everything the form sets, and its headcount. */
export const AdminDropIn = DropIn.omit({ placesLeft: true, pricing: true }).extend({
  isActive: z.boolean(),
  capacity: z.number().int().describe('spots: the door’s headcount limit'),
  placesTaken: z.number().int().describe('confirmed, held and offered places'),
  checkedIn: z.number().int().describe('people checked in at the door'),
  payAtSignUp: z.boolean().describe('a place is held while its customer pays online, instead of confirmed and paid later'),
})
export type AdminDropIn = z.infer<typeof AdminDropIn>

export const SaveDropInResult = z.object({
  dropIn: AdminDropIn,
  offered: z.number().int().describe('waitlisted people offered a place because the spots went up'),
})
export type SaveDropInResult = z.infer<typeof SaveDropInResult>

export const listAdminDropIns = contract({
  method: 'GET',
  url: '/api/admin/drop-ins',
  access: 'staff',
  summary: 'Every drop-in session, open ones first, then by day and hour, with its spots, places taken and people checked in',
  responses: { 200: z.object({ dropIns: z.array(AdminDropIn) }) },
})

export const createDropIn = contract({
  method: 'POST',
  url: '/api/admin/drop-ins',
  access: 'admin',
  summary: 'Create a drop-in session from the drop-in form; a session of an academy must fall on one of its session dates',
  body: formBody(DropInForm),
  responses: { 201: SaveDropInResult },
})

export const updateDropIn = contract({
  method: 'POST',
  url: '/api/admin/drop-ins/:dropInId',
  access: 'admin',
  summary: 'Change a drop-in session: the fields sent replace those saved; more spots offer places to the waitlist at once',
  params: dropInId,
  body: formBody(DropInForm, { partial: true }),
  responses: { 200: SaveDropInResult },
})

/** A person at a drop-in as staff see them at the door: the academy participant's columns, checked in or not. */
export const DropInParticipant = AcademyParticipant.omit({ attended: true }).extend({
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
    capacity: z.number().int().describe('spots'),
    placesTaken: z.number().int(),
    checkedIn: z.number().int(),
  }),
  participants: z.array(DropInParticipant),
  waitlist: z.array(AcademyWaiting),
})
export type DropInParticipants = z.infer<typeof DropInParticipants>

export const listDropInParticipants = contract({
  method: 'GET',
  url: '/api/admin/drop-ins/:dropInId/participants',
  access: 'staff',
  summary: 'A drop-in’s headcount (spots, places taken, checked in) and its people with guardian, emergency contact, medical notes, waiver, balance and check-in; then its waitlist in order',
  params: dropInId,
  responses: { 200: DropInParticipants },
})

export const dropInParticipantsCsv = contract({
  method: 'GET',
  url: '/api/admin/drop-ins/:dropInId/participants.csv',
  access: 'staff',
  summary: 'The same people as a CSV file for a spreadsheet',
  params: dropInId,
  contentType: 'text/csv',
  responses: { 200: z.string().describe('CSV, one row per person') },
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

export const signUpForDropInAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/drop-ins/:dropInId/registrations',
  access: 'staff',
  summary:
    'Sign a customer (or their children) up for a drop-in at the desk or the door: the same engine and one order as online, paid at the counter; staff may go past the places one account may take (send an Idempotency-Key)',
  params: z.object({ userId: pathId, dropInId: pathId }),
  body: DropInSignUp,
  responses: { 200: DropInSignUpResult, 201: DropInSignUpResult },
})
