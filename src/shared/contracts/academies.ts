import { z } from 'zod'
import { WEEKDAYS } from '../academy-schedule.ts'
import { SPORTS } from '../sports.ts'
import { contract } from './contract.ts'

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
