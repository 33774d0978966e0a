import { z } from 'zod'
import { DeskRegistrationForm, DeskWaiverForm, WalkInForm } from '../schemas/desk.ts'
import { ROLES } from '../roles.ts'
import { Child } from './children.ts'
import { contract, formBody, pathId } from './contract.ts'
import { RegisterResult, RegistrationView } from './registrations.ts'
import { MyTeam } from './teams.ts'

/** The front desk (docs/decisions/0016): staff find a customer, see their record and act for them. */

export const CustomerMatch = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  phone: z.string(),
  children: z.array(z.string()).describe('the children’s names'),
  matched: z.enum(['email', 'name', 'phone', 'child']).describe('what the search matched'),
})
export type CustomerMatch = z.infer<typeof CustomerMatch>

export const findCustomers = contract({
  method: 'GET',
  url: '/api/desk/customers',
  access: 'staff',
  summary: 'Customers whose name, email, phone or child’s name matches, best first (at most 20); staff accounts are never listed',
  query: z.object({ q: z.string().max(100, { error: 'Search for at most 100 characters.' }).optional() }),
  responses: { 200: z.object({ customers: z.array(CustomerMatch) }) },
})

export const DeskSignature = z.object({
  subjectKey: z.string(),
  childId: z.string().nullable(),
  waiverVersion: z.number().int(),
  signedName: z.string(),
  signedAt: z.string(),
  witnessedBy: z.string().nullable().describe('the staff member it was signed in front of, at the desk'),
})
export type DeskSignature = z.infer<typeof DeskSignature>

export const CustomerRecord = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  children: z.array(Child),
  waiver: z.object({ currentVersion: z.number().int(), signatures: z.array(DeskSignature) }),
  registrations: z.array(RegistrationView),
  teams: z.array(MyTeam.extend({ heldForYou: z.object({ until: z.string() }).nullable().describe('staff hold the team’s place for the customer until then') })),
  balanceCents: z.number().int().describe('owed over every live registration and the extras on the customer’s orders; negative is a credit'),
  ordersTakingExtras: z.array(z.string()).describe('the orders an extra can be sold on: a place held whose fee has an extra beside it (a jersey)'),
})
export type CustomerRecord = z.infer<typeof CustomerRecord>

const userId = z.object({ userId: pathId })

export const customerRecord = contract({
  method: 'GET',
  url: '/api/desk/customers/:userId',
  access: 'staff',
  summary: 'A customer’s record: contact, children, waivers, registrations and team places with what they owe; a staff account is answered as no such customer (404)',
  params: userId,
  responses: { 200: z.object({ customer: CustomerRecord }) },
})

export const createWalkIn = contract({
  method: 'POST',
  url: '/api/desk/customers',
  access: 'staff',
  summary: 'Create a customer at the desk, without a password: they claim the account from a link (emailed, or shown to staff without a mail server); an address with an account is a 409, however many are sent at once',
  body: formBody(WalkInForm),
  responses: { 201: z.object({ customer: CustomerRecord, claimLink: z.string().nullable() }) },
})

export const sendPasswordReset = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/password-reset',
  access: 'staff',
  summary: 'Send the customer a link to choose a password; without a mail server the one-time link is answered for staff to hand over. It ends the customer’s other links; past PASSWORD_LINKS_PER_HOUR an hour or PASSWORD_LINKS_PER_DAY a day it is refused (429). Customers only: a staff account’s link is made from /admin/users',
  params: userId,
  responses: { 200: z.object({ emailed: z.boolean(), link: z.string().nullable(), expiresAt: z.string() }) },
})

export const signWaiverAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/waiver',
  access: 'staff',
  summary: 'Record the current waiver signed by the customer (or as guardian, for a child) on the staff screen, witnessed by the signed-in staff member',
  params: userId,
  body: formBody({ ...DeskWaiverForm, childId: { label: 'Child', rules: '' } }),
  responses: { 201: z.object({ customer: CustomerRecord }) },
})

export const registerAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/registrations',
  access: 'staff',
  summary: 'Register the customer (or one of their children) for an open league, or put the customer on a team of a team league, at the desk: the same engine, capacity, roster maximum and waitlist',
  params: userId,
  body: formBody({ ...DeskRegistrationForm, childId: { label: 'Child', rules: '' } }),
  responses: { 200: RegisterResult, 201: RegisterResult },
})

export const Registrant = z.object({
  registrationId: z.string(),
  name: z.string(),
  age: z.number().int().nullable().describe('a child’s age on the league’s first day'),
  accountName: z.string().describe('the account holder: the player, or the child’s guardian'),
  email: z.string(),
  phone: z.string(),
  emergencyContact: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  waiverSigned: z.boolean(),
  status: z.string(),
  balanceCents: z.number().int(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  isCaptain: z.boolean(),
})
export type Registrant = z.infer<typeof Registrant>

export const leagueRegistrants = contract({
  method: 'GET',
  url: '/api/desk/leagues/:leagueId/registrants',
  access: 'staff',
  summary: 'Everyone registered in a league, by team for a team league, with age, contact, emergency contact, waiver and balance',
  params: z.object({ leagueId: pathId }),
  responses: { 200: z.object({ league: z.object({ id: z.string(), name: z.string(), kind: z.string(), startDate: z.string() }), registrants: z.array(Registrant) }) },
})

export const leagueRegistrantsCsv = contract({
  method: 'GET',
  url: '/api/desk/leagues/:leagueId/registrants.csv',
  access: 'staff',
  summary: 'The same list as a CSV file for a spreadsheet',
  params: z.object({ leagueId: pathId }),
  contentType: 'text/csv',
  responses: { 200: z.string().describe('CSV, one row per person') },
})
