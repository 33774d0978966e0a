import { z } from 'zod'
import { SPORTS } from '../sports.ts'
import { REGISTRATION_STATUSES } from '../schemas/registration.ts'
import type { FormSpec } from '../validation/rules.ts'
import { contract, formBody, pathId } from './contract.ts'
import { Receipt, RegistrationView } from './registrations.ts'

/**
 * What the contracts of the programs the place sells share — an academy's, a camp's, a drop-in
 * session's (academies.ts, camps.ts, drop-ins.ts): the fields their listings open and close
 * with, who signs up and who takes part, and the routes every program has, each at its own
 * address and in its own words. Each kind declares its own listing, receipt and staff shapes.
 */

/** A path's id parameter, named after what it identifies (`campId`). */
function idParam<const Id extends string>(id: Id) {
  return { [id]: pathId } as { [K in Id]: typeof pathId }
}

/** What every program's listing opens with. */
export const programNaming = {
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS).nullable(),
  description: z.string().nullable(),
}

/** Where a program meets. */
export const programLocation = z.string().nullable().describe('where it meets: a court or a field')

/** What every program's listing says of its places: the price, how many are left, how many wait. */
export const programPlaces = {
  priceCents: z.number().int(),
  placesLeft: z.number().int().nullable().describe('null: no limit'),
  waitlistSize: z.number().int(),
}

/** Who takes part in a program: the account holder or children, each with a photo-consent choice. */
export const ProgramSignUp = z.object(
  {
    participants: z
      .array(
        z.object({
          childId: z.string().nullable().describe('the child taking part; null: the account holder'),
          photoConsent: z.boolean({ error: 'Say for each participant whether photos may be taken of them.' }),
        }),
        { error: 'Choose who takes part.' },
      )
      .min(1, 'Choose who takes part.')
      .max(10, 'Sign up at most 10 people at once.'),
  },
  { error: 'Send the sign-up as a JSON object.' },
)
export type ProgramSignUp = z.infer<typeof ProgramSignUp>

export const ProgramSignUpResult = z.object({
  registrations: z.array(RegistrationView).describe('one per participant, in the order sent: a place while places last, the waitlist after'),
  created: z.boolean().describe('false when this answer repeats an earlier sign-up (double submit, retry)'),
})
export type ProgramSignUpResult = z.infer<typeof ProgramSignUpResult>

/**
 * A participant of a program as staff and the coach see them: the child (or the adult), who to
 * call, what to know of their health, and what they owe. Medical notes leave the server only in
 * staff answers.
 */
export const ProgramParticipant = z.object({
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
})

/** A waitlist position of a program, in order. */
export const ProgramWaiting = z.object({
  registrationId: z.string(),
  position: z.number().int(),
  name: z.string(),
  guardianName: z.string(),
  guardianPhone: z.string(),
  waitingSince: z.string().describe('ISO time the place was asked for'),
})
export type ProgramWaiting = z.infer<typeof ProgramWaiting>

/** The open programs of a kind, for everyone: `/api/<path>/active`, answered as `{ <listKey>: [...] }`. */
export function programListContract<const Path extends string, const ListKey extends string, L extends z.ZodType>(path: Path, listKey: ListKey, listing: L, summary: string) {
  return contract({
    method: 'GET',
    url: `/api/${path}/active`,
    access: 'open',
    summary,
    responses: { 200: z.object({ [listKey]: z.array(listing) } as { [K in ListKey]: z.ZodArray<L> }) },
  })
}

/** The two ways a program's places are taken: a person online, and the desk for a customer (issue 30), both answering 201 for new places and 200 for a repeat. */
export function programSignUpContracts<const Path extends string, const Id extends string>(path: Path, id: Id, summaries: { online: string; atDesk: string }) {
  const responses = { 200: ProgramSignUpResult, 201: ProgramSignUpResult }
  return {
    online: contract({ method: 'POST', url: `/api/${path}/:${id}/registrations`, access: 'login', summary: summaries.online, params: z.object(idParam(id)), body: ProgramSignUp, responses }),
    atDesk: contract({
      method: 'POST',
      url: `/api/desk/customers/:userId/${path}/:${id}/registrations`,
      access: 'staff',
      summary: summaries.atDesk,
      params: z.object({ userId: pathId, ...idParam(id) }),
      body: ProgramSignUp,
      responses,
    }),
  }
}

/** A person's receipt for a program (its owner and staff): `/api/receipts/user/:userId/<one>/:<id>`, answered as `{ receipt }`. */
export function programReceiptContract<const One extends string, const Id extends string, R extends z.ZodType>(one: One, id: Id, receipt: R, summary: string) {
  return contract({
    method: 'GET',
    url: `/api/receipts/user/:userId/${one}/:${id}`,
    access: 'owner',
    summary,
    params: z.object({ userId: pathId, ...idParam(id) }),
    responses: { 200: z.object({ receipt }) },
  })
}

/** A program's receipt: what it says of the program, then every place the person (and their children) took in it, with payments. */
export function programReceipt<const Key extends string, P extends z.ZodType>(key: Key, program: P) {
  return z.object({ [key]: program, places: z.array(Receipt) } as { [K in Key]: P } & { places: z.ZodArray<typeof Receipt> })
}

/** Staff's list of a program's kind, and the admin's create and change from its form, at `/api/admin/<path>`. */
export function programAdminContracts<const Path extends string, const Id extends string, const ListKey extends string, A extends z.ZodType, S extends z.ZodType, K extends string>(p: {
  path: Path
  id: Id
  listKey: ListKey
  admin: A
  saved: S
  form: FormSpec<K>
  summaries: { list: string; create: string; update: string }
}) {
  return {
    list: contract({
      method: 'GET',
      url: `/api/admin/${p.path}`,
      access: 'staff',
      summary: p.summaries.list,
      responses: { 200: z.object({ [p.listKey]: z.array(p.admin) } as { [L in ListKey]: z.ZodArray<A> }) },
    }),
    create: contract({ method: 'POST', url: `/api/admin/${p.path}`, access: 'admin', summary: p.summaries.create, body: formBody(p.form), responses: { 201: p.saved } }),
    update: contract({
      method: 'POST',
      url: `/api/admin/${p.path}/:${p.id}`,
      access: 'admin',
      summary: p.summaries.update,
      params: z.object(idParam(p.id)),
      body: formBody(p.form, { partial: true }),
      responses: { 200: p.saved },
    }),
  }
}

/** A program's people for staff (medical notes among them) and the same as a CSV file, at `/api/admin/<path>/:<id>/participants`. */
export function programParticipantsContracts<const Path extends string, const Id extends string, L extends z.ZodType>(
  path: Path,
  id: Id,
  list: L,
  summaries: { list: string; csv: string; csvRow: string },
) {
  const params = z.object(idParam(id))
  return {
    list: contract({ method: 'GET', url: `/api/admin/${path}/:${id}/participants`, access: 'staff', summary: summaries.list, params, responses: { 200: list } }),
    csv: contract({
      method: 'GET',
      url: `/api/admin/${path}/:${id}/participants.csv`,
      access: 'staff',
      summary: summaries.csv,
      params,
      contentType: 'text/csv',
      responses: { 200: z.string().describe(summaries.csvRow) },
    }),
  }
}
