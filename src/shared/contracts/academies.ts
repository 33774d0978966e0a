import { z } from 'zod'
import { WEEKDAYS } from '../academy-schedule.ts'
import { SPORTS } from '../sports.ts'
import { AcademyForm } from '../schemas/academy.ts'
import { contract, formBody, pathId } from './contract.ts'

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
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD'),
  priceCents: z.number().int(),
  placesLeft: z.number().int().nullable().describe('null: no limit'),
  waitlistSize: z.number().int(),
})
export type Academy = z.infer<typeof Academy>

export const listAcademies = contract({
  method: 'GET',
  url: '/api/academies/active',
  access: 'open',
  summary: 'The open academies with their schedule, price and places left',
  responses: { 200: z.object({ academies: z.array(Academy) }) },
})

/** An academy as staff manage it: everything the form sets, and its places. */
export const AdminAcademy = Academy.omit({ placesLeft: true }).extend({
  isActive: z.boolean(),
  registrationDeadline: z.string().nullable().describe('the last day to register; null: the day before the first session'),
  skippedDates: z.array(z.string()).describe('YYYY-MM-DD, dates it does not meet on'),
  capacity: z.number().int().nullable().describe('null when the academy has no limit'),
  placesTaken: z.number().int().describe('confirmed and offered places'),
  waiverRequired: z.boolean(),
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
