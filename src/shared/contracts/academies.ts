import { z } from 'zod'
import { WEEKDAYS } from '../academy-schedule.ts'
import { AcademyForm } from '../schemas/academy.ts'
import { contract, pathId } from './contract.ts'
import { RegistrationView } from './registrations.ts'
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

/** An academy open for registration, as the Academies page lists it (issue 23). */
export const Academy = z.object({
  ...programNaming,
  coach: z.string().nullable(),
  location: programLocation,
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
  ...programPlaces,
  waiverRequired: z.boolean().describe('the current waiver must be signed for each participant'),
  pricing: PriceRules,
})
export type Academy = z.infer<typeof Academy>

export const listAcademies = programListContract('academies', 'academies', Academy, 'The open academies with their schedule, price and places left')

/** Who takes part in an academy: the account holder or children, each with a photo-consent choice. */
export const AcademySignUp = ProgramSignUp
export type AcademySignUp = z.infer<typeof AcademySignUp>
export const AcademySignUpResult = ProgramSignUpResult
export type AcademySignUpResult = z.infer<typeof AcademySignUpResult>

// The desk's sign-up is served among the desk's family routes (desk-family.ts).
export const { online: signUpForAcademy, atDesk: signUpForAcademyAtDesk } = programSignUpContracts('academies', 'academyId', {
  online: 'Sign yourself or several children up for an academy in one order: places while they last, the waitlist after (send an Idempotency-Key)',
  atDesk:
    'Sign a customer, or several of their children, up for an academy at the desk: the same engine and one order as online, the waiver signed at the desk first; staff may go past the places one account may take (send an Idempotency-Key)',
})

/** A person's receipt for an academy: every place they took in it (their children's too), with payments. */
export const AcademyReceipt = programReceipt(
  'academy',
  Academy.pick({ id: true, name: true, sport: true, coach: true, location: true, weekdays: true, startTime: true, endTime: true, sessionDates: true, startDate: true, endDate: true }),
)
export type AcademyReceipt = z.infer<typeof AcademyReceipt>

export const academyReceipt = programReceiptContract(
  'academy',
  'academyId',
  AcademyReceipt,
  "A person's receipt for an academy: each participant's place, the sessions, price, paid and balance (its owner and staff)",
)

/** An academy as staff manage it: everything the form sets, and its places. */
export const AdminAcademy = Academy.omit({ placesLeft: true, pricing: true }).extend({
  isActive: z.boolean(),
  earlyBird: EarlyBird.nullable().describe('the early-bird price of its fee, null without one: the desk states the price of the day (shared/format.ts priceFactText), as a sign-up charges it'),
  skippedDates: z.array(z.string()).describe('YYYY-MM-DD, dates it does not meet on'),
  capacity: z.number().int().nullable().describe('null when the academy has no limit'),
  minimum: z.number().int().nullable().describe('the fewest confirmed places it needs to run; null: none'),
  placesTaken: z.number().int().describe('confirmed and offered places'),
  payAtSignUp: z.boolean().describe('a place is held while its customer pays online, instead of confirmed and paid later'),
})
export type AdminAcademy = z.infer<typeof AdminAcademy>

export const SaveAcademyResult = z.object({
  academy: AdminAcademy,
  offered: z.number().int().describe('waitlisted people offered a place because the capacity went up'),
})

export const {
  list: listAdminAcademies,
  create: createAcademy,
  update: updateAcademy,
} = programAdminContracts({
  path: 'academies',
  id: 'academyId',
  listKey: 'academies',
  admin: AdminAcademy,
  saved: SaveAcademyResult,
  form: AcademyForm,
  summaries: {
    list: 'Every academy, open ones first, with its schedule, places taken and waitlist',
    create: 'Create an academy from the academy form',
    update: 'Change an academy: the fields sent replace those saved; a higher capacity offers places to the waitlist at once',
  },
})

/** A participant of an academy as staff and the coach see them (issue 23): a program's participant, with the sessions they came to. */
export const AcademyParticipant = ProgramParticipant.extend({
  attended: z.number().int().describe('sessions marked present'),
})
export type AcademyParticipant = z.infer<typeof AcademyParticipant>

export const AcademyWaiting = ProgramWaiting
export type AcademyWaiting = z.infer<typeof AcademyWaiting>

export const AcademyParticipants = z.object({
  academy: z.object({ id: z.string(), name: z.string(), startDate: z.string(), capacity: z.number().int().nullable(), placesTaken: z.number().int() }),
  participants: z.array(AcademyParticipant),
  waitlist: z.array(AcademyWaiting),
})
export type AcademyParticipants = z.infer<typeof AcademyParticipants>

export const { list: listAcademyParticipants, csv: academyParticipantsCsv } = programParticipantsContracts('academies', 'academyId', AcademyParticipants, {
  list: 'An academy’s participants with age, guardian, emergency contact, medical notes, waiver, photo consent, balance and attendance; then its waitlist in order',
  csv: 'The same participants as a CSV file for a spreadsheet',
  csvRow: 'CSV, one row per participant',
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
