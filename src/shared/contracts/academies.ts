import { z } from 'zod'
import { WEEKDAYS } from '../academy-schedule.ts'
import { SPORTS } from '../sports.ts'
import { REGISTRATION_STATUSES } from '../schemas/registration.ts'
import { AcademyForm } from '../schemas/academy.ts'
import { contract, formBody, pathId } from './contract.ts'
import { Receipt, RegistrationView } from './registrations.ts'
import { PriceRules } from './products.ts'

/** An academy open for registration, as the Academies page lists it (issue 23). */
export const Academy = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS).nullable(),
  description: z.string().nullable(),
  coach: z.string().nullable(),
  location: z.string().nullable().describe('where it meets: a court or a field'),
  forChildren: z.boolean().describe('takes children (their age on the first day within minAge..maxAge), or adults'),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  weekdays: z.array(z.literal(WEEKDAYS)).describe('ISO weekdays it meets on: 1 is Monday'),
  startTime: z.string().nullable().describe('HH:MM, the facility time zone'),
  endTime: z.string().nullable().describe('HH:MM, the facility time zone'),
  sessionDates: z.array(z.string()).describe('YYYY-MM-DD, every date it meets on: the weekly pattern less the skipped dates'),
  registrationDate: z.string().describe('YYYY-MM-DD, the first day to register'),
  registrationDeadline: z.string().nullable().describe('the last day to register; null: the day before the first session'),
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD'),
  priceCents: z.number().int(),
  placesLeft: z.number().int().nullable().describe('null: no limit'),
  waitlistSize: z.number().int(),
  waiverRequired: z.boolean().describe('the current waiver must be signed for each participant'),
  pricing: PriceRules,
})
export type Academy = z.infer<typeof Academy>

export const listAcademies = contract({
  method: 'GET',
  url: '/api/academies/active',
  access: 'open',
  summary: 'The open academies with their schedule, price and places left',
  responses: { 200: z.object({ academies: z.array(Academy) }) },
})

/** Who takes part in an academy: the account holder or children, each with a photo-consent choice. */
export const AcademySignUp = z.object(
  {
    participants: z
      .array(
        z.object({
          childId: z.string().nullable().describe("the child taking part; null: the account holder"),
          photoConsent: z.boolean({ error: 'Say for each participant whether photos may be taken of them.' }),
        }),
        { error: 'Choose who takes part.' },
      )
      .min(1, 'Choose who takes part.')
      .max(10, 'Sign up at most 10 people at once.'),
  },
  { error: 'Send the sign-up as a JSON object.' },
)
export type AcademySignUp = z.infer<typeof AcademySignUp>

export const AcademySignUpResult = z.object({
  registrations: z.array(RegistrationView).describe('one per participant, in the order sent: a place while places last, the waitlist after'),
  created: z.boolean().describe('false when this answer repeats an earlier sign-up (double submit, retry)'),
})
export type AcademySignUpResult = z.infer<typeof AcademySignUpResult>

export const signUpForAcademy = contract({
  method: 'POST',
  url: '/api/academies/:academyId/registrations',
  access: 'login',
  summary: 'Sign yourself or several children up for an academy in one order: places while they last, the waitlist after (send an Idempotency-Key)',
  params: z.object({ academyId: pathId }),
  body: AcademySignUp,
  responses: { 200: AcademySignUpResult, 201: AcademySignUpResult },
})

/** A person's receipt for an academy: every place they took in it (their children's too), with payments. */
export const AcademyReceipt = z.object({
  academy: Academy.pick({ id: true, name: true, sport: true, coach: true, location: true, weekdays: true, startTime: true, endTime: true, sessionDates: true, startDate: true, endDate: true }),
  places: z.array(Receipt),
})
export type AcademyReceipt = z.infer<typeof AcademyReceipt>

export const academyReceipt = contract({
  method: 'GET',
  url: '/api/receipts/user/:userId/academy/:academyId',
  access: 'owner',
  summary: "A person's receipt for an academy: each participant's place, the sessions, price, paid and balance (its owner and staff)",
  params: z.object({ userId: pathId, academyId: pathId }),
  responses: { 200: z.object({ receipt: AcademyReceipt }) },
})

/** An academy as staff manage it: everything the form sets, and its places. */
export const AdminAcademy = Academy.omit({ placesLeft: true, pricing: true }).extend({
  isActive: z.boolean(),
  skippedDates: z.array(z.string()).describe('YYYY-MM-DD, dates it does not meet on'),
  capacity: z.number().int().nullable().describe('null when the academy has no limit'),
  placesTaken: z.number().int().describe('confirmed and offered places'),
  payAtSignUp: z.boolean().describe('a place is held while its customer pays online, instead of confirmed and paid later'),
})
export type AdminAcademy = z.infer<typeof AdminAcademy>

export const SaveAcademyResult = z.object({
  academy: AdminAcademy,
  offered: z.number().int().describe('waitlisted people offered a place because the capacity went up'),
})

export const listAdminAcademies = contract({
  method: 'GET',
  url: '/api/admin/academies',
  access: 'staff',
  summary: 'Every academy, open ones first, with its schedule, places taken and waitlist',
  responses: { 200: z.object({ academies: z.array(AdminAcademy) }) },
})

export const createAcademy = contract({
  method: 'POST',
  url: '/api/admin/academies',
  access: 'admin',
  summary: 'Create an academy from the academy form',
  body: formBody(AcademyForm),
  responses: { 201: SaveAcademyResult },
})

export const updateAcademy = contract({
  method: 'POST',
  url: '/api/admin/academies/:academyId',
  access: 'admin',
  summary: 'Change an academy: the fields sent replace those saved; a higher capacity offers places to the waitlist at once',
  params: z.object({ academyId: pathId }),
  body: formBody(AcademyForm, { partial: true }),
  responses: { 200: SaveAcademyResult },
})

/**
 * A participant of an academy as staff and the coach see them (issue 23): the child (or the
 * adult), who to call, what to know of their health, and what they owe. Medical notes leave the
 * server only in staff answers.
 */
export const AcademyParticipant = z.object({
  registrationId: z.string(),
  name: z.string(),
  age: z.number().int().nullable().describe('a child’s age on the first session; null for an adult'),
  guardianName: z.string().describe('the account holder: the child’s guardian, or the adult taking part'),
  guardianPhone: z.string(),
  guardianEmail: z.string(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  medicalNotes: z.string().nullable().describe('the child’s notes: allergies, medication'),
  waiverSigned: z.boolean().describe('the current waiver is signed for this participant'),
  photoConsent: z.boolean().nullable().describe('null: nobody was asked'),
  status: z.enum(REGISTRATION_STATUSES),
  priceCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  attended: z.number().int().describe('sessions marked present'),
})
export type AcademyParticipant = z.infer<typeof AcademyParticipant>

export const AcademyWaiting = z.object({
  registrationId: z.string(),
  position: z.number().int(),
  name: z.string(),
  guardianName: z.string(),
  guardianPhone: z.string(),
  waitingSince: z.string().describe('ISO time the place was asked for'),
})
export type AcademyWaiting = z.infer<typeof AcademyWaiting>

export const AcademyParticipants = z.object({
  academy: z.object({ id: z.string(), name: z.string(), startDate: z.string(), capacity: z.number().int().nullable(), placesTaken: z.number().int() }),
  participants: z.array(AcademyParticipant),
  waitlist: z.array(AcademyWaiting),
})
export type AcademyParticipants = z.infer<typeof AcademyParticipants>

const academyId = z.object({ academyId: pathId })

export const listAcademyParticipants = contract({
  method: 'GET',
  url: '/api/admin/academies/:academyId/participants',
  access: 'staff',
  summary: 'An academy’s participants with age, guardian, emergency contact, medical notes, waiver, photo consent, balance and attendance; then its waitlist in order',
  params: academyId,
  responses: { 200: AcademyParticipants },
})

export const academyParticipantsCsv = contract({
  method: 'GET',
  url: '/api/admin/academies/:academyId/participants.csv',
  access: 'staff',
  summary: 'The same participants as a CSV file for a spreadsheet',
  params: academyId,
  contentType: 'text/csv',
  responses: { 200: z.string().describe('CSV, one row per participant') },
})

const chosenAcademy = 'Choose the academy to move to.'

export const moveAcademyParticipant = contract({
  method: 'POST',
  url: '/api/admin/academy-registrations/:registrationId/move',
  access: 'staff',
  summary: 'Move a participant to another open academy: its capacity respected, what was paid follows the place, the place left goes to the waitlist',
  params: z.object({ registrationId: pathId }),
  // Checked after the guard, so a visitor hears first that they must sign in.
  body: z.object({ academyId: z.string({ error: chosenAcademy }).min(1, { error: chosenAcademy }) }, { error: 'Send the academy as a JSON object.' }),
  responses: { 200: z.object({ registration: RegistrationView }) },
})
