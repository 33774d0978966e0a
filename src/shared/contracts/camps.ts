import { z } from 'zod'
import { SPORTS } from '../sports.ts'
import { CampForm } from '../schemas/camp.ts'
import { AcademyParticipant, AcademySignUp, AcademySignUpResult, AcademyWaiting } from './academies.ts'
import { contract, formBody, pathId } from './contract.ts'
import { Receipt } from './registrations.ts'
import { PriceRules } from './products.ts'

/**
 * A camp open for registration, as the Camps page lists it (issue 31 §2): an academy's cousin that
 * meets every day from its first day to its last (one day, or a school break), for children whose
 * age on the first day is within minAge..maxAge.
 */
export const Camp = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS).nullable(),
  description: z.string().nullable(),
  coach: z.string().nullable(),
  location: z.string().nullable().describe('where it meets: a court or a field'),
  minAge: z.number().int().describe('the youngest age on the first day'),
  maxAge: z.number().int().describe('the oldest age on the first day'),
  days: z.array(z.string()).describe('YYYY-MM-DD, every day it meets: each day from the first to the last'),
  startTime: z.string().describe('HH:MM each day, the facility time zone'),
  endTime: z.string().describe('HH:MM each day, the facility time zone'),
  registrationDate: z.string().describe('YYYY-MM-DD, the first day to register'),
  registrationDeadline: z.string().nullable().describe('the last day to register; null: the day before the first day'),
  startDate: z.string().describe('YYYY-MM-DD, the first day'),
  endDate: z.string().describe('YYYY-MM-DD, the last day (the first, for a one-day camp)'),
  priceCents: z.number().int(),
  placesLeft: z.number().int().nullable().describe('null: no limit'),
  waitlistSize: z.number().int(),
  waiverRequired: z.boolean().describe('the current waiver must be signed for each child'),
  pricing: PriceRules,
})
export type Camp = z.infer<typeof Camp>

export const listCamps = contract({
  method: 'GET',
  url: '/api/camps/active',
  access: 'open',
  summary: 'The open camps with their days, hours, ages, price and places left',
  responses: { 200: z.object({ camps: z.array(Camp) }) },
})

/**
 * The children who go to a camp, each with a photo-consent choice: the academy sign-up's shape, so
 * one participant picker serves both. A camp is for children only: a null childId (the account
 * holder) is refused with CAMP_MESSAGES.adultsOnly.
 */
export const CampSignUp = AcademySignUp
export type CampSignUp = z.infer<typeof CampSignUp>
export const CampSignUpResult = AcademySignUpResult
export type CampSignUpResult = z.infer<typeof CampSignUpResult>

const campId = z.object({ campId: pathId })

export const signUpForCamp = contract({
  method: 'POST',
  url: '/api/camps/:campId/registrations',
  access: 'login',
  summary: 'Sign one or several children up for a camp in one order: places while they last, the waitlist after (send an Idempotency-Key)',
  params: campId,
  body: CampSignUp,
  responses: { 200: CampSignUpResult, 201: CampSignUpResult },
})

/** A person's receipt for a camp: every place their children took in it, with payments. */
export const CampReceipt = z.object({
  camp: Camp.pick({ id: true, name: true, sport: true, coach: true, location: true, days: true, startTime: true, endTime: true, startDate: true, endDate: true }),
  places: z.array(Receipt),
})
export type CampReceipt = z.infer<typeof CampReceipt>

export const campReceipt = contract({
  method: 'GET',
  url: '/api/receipts/user/:userId/camp/:campId',
  access: 'owner',
  summary: "A person's receipt for a camp: each child's place, the days, price, paid and balance (its owner and staff)",
  params: z.object({ userId: pathId, campId: pathId }),
  responses: { 200: z.object({ receipt: CampReceipt }) },
})

/** A camp as staff manage it: everything the form sets, and its places. */
export const AdminCamp = Camp.omit({ placesLeft: true, pricing: true }).extend({
  isActive: z.boolean(),
  capacity: z.number().int().nullable().describe('null when the camp has no limit'),
  placesTaken: z.number().int().describe('confirmed, held and offered places'),
  payAtSignUp: z.boolean().describe('a place is held while its family pays online, instead of confirmed and paid later'),
})
export type AdminCamp = z.infer<typeof AdminCamp>

export const SaveCampResult = z.object({
  camp: AdminCamp,
  offered: z.number().int().describe('waitlisted children offered a place because the capacity went up'),
})
export type SaveCampResult = z.infer<typeof SaveCampResult>

export const listAdminCamps = contract({
  method: 'GET',
  url: '/api/admin/camps',
  access: 'staff',
  summary: 'Every camp, open ones first, with its days, places taken and waitlist',
  responses: { 200: z.object({ camps: z.array(AdminCamp) }) },
})

export const createCamp = contract({
  method: 'POST',
  url: '/api/admin/camps',
  access: 'admin',
  summary: 'Create a camp from the camp form',
  body: formBody(CampForm),
  responses: { 201: SaveCampResult },
})

export const updateCamp = contract({
  method: 'POST',
  url: '/api/admin/camps/:campId',
  access: 'admin',
  summary: 'Change a camp: the fields sent replace those saved; a higher capacity offers places to the waitlist at once',
  params: campId,
  body: formBody(CampForm, { partial: true }),
  responses: { 200: SaveCampResult },
})

/**
 * A child at a camp as staff and the coach see them: the academy participant's columns (who to
 * call, what to know of their health, what they owe) without the academy's attendance count.
 */
export const CampParticipant = AcademyParticipant.omit({ attended: true }).extend({
  age: z.number().int().nullable().describe('the child’s age on the first day'),
})
export type CampParticipant = z.infer<typeof CampParticipant>

export const CampParticipants = z.object({
  camp: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), capacity: z.number().int().nullable(), placesTaken: z.number().int() }),
  participants: z.array(CampParticipant),
  waitlist: z.array(AcademyWaiting),
})
export type CampParticipants = z.infer<typeof CampParticipants>

export const listCampParticipants = contract({
  method: 'GET',
  url: '/api/admin/camps/:campId/participants',
  access: 'staff',
  summary: 'A camp’s children with age, guardian, emergency contact, medical notes, waiver, photo consent and balance; then its waitlist in order',
  params: campId,
  responses: { 200: CampParticipants },
})

export const campParticipantsCsv = contract({
  method: 'GET',
  url: '/api/admin/camps/:campId/participants.csv',
  access: 'staff',
  summary: 'The same children as a CSV file for a spreadsheet',
  params: campId,
  contentType: 'text/csv',
  responses: { 200: z.string().describe('CSV, one row per child') },
})

export const signUpForCampAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/camps/:campId/registrations',
  access: 'staff',
  summary:
    'Sign one or several of a customer’s children up for a camp at the desk: the same engine and one order as online, paid at the counter; staff may go past the places one account may take (send an Idempotency-Key)',
  params: z.object({ userId: pathId, campId: pathId }),
  body: CampSignUp,
  responses: { 200: CampSignUpResult, 201: CampSignUpResult },
})
