import { z } from 'zod'
import { contract, pathId } from './contract.ts'

/** The coach's side of an academy (issue 23): the attendance sheet, marks at the door, a session cancelled. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The session date must be a date such as 2027-01-05.' })

export const AttendanceMark = z.object({
  registrationId: z.string(),
  sessionDate: z.string().describe('YYYY-MM-DD'),
  present: z.boolean(),
})
export type AttendanceMark = z.infer<typeof AttendanceMark>

export const AttendanceParticipant = z.object({
  registrationId: z.string(),
  name: z.string().describe('the child, or the account holder taking part themselves'),
  age: z.number().int().nullable().describe("a child's age today; null for an adult"),
})
export type AttendanceParticipant = z.infer<typeof AttendanceParticipant>

export const AttendanceSheet = z.object({
  academy: z.object({
    id: z.string(),
    name: z.string(),
    coach: z.string().nullable(),
    location: z.string().nullable(),
    schedule: z.string().describe('"Tuesdays and Thursdays, 6:00 PM – 7:00 PM", or empty before a schedule is set'),
  }),
  today: z.string().describe("YYYY-MM-DD, the facility's day: the door view starts at today's session or the next"),
  sessions: z.array(z.string()).describe('YYYY-MM-DD, every date it meets on, in order'),
  participants: z.array(AttendanceParticipant).describe('every confirmed place, by name'),
  marks: z.array(AttendanceMark).describe('present or absent per place and session date; a cell without one is not marked'),
})
export type AttendanceSheet = z.infer<typeof AttendanceSheet>

const academyParams = z.object({ academyId: pathId })

export const getAttendance = contract({
  method: 'GET',
  url: '/api/admin/academies/:academyId/attendance',
  access: 'staff',
  summary: "An academy's attendance sheet: its sessions, its confirmed participants and the marks made",
  params: academyParams,
  responses: { 200: AttendanceSheet },
})

export const markAttendance = contract({
  method: 'POST',
  url: '/api/admin/academies/:academyId/attendance',
  access: 'staff',
  summary: 'Marks one participant present or absent at one session; the last mark of a cell wins',
  params: academyParams,
  body: z.object(
    {
      registrationId: z.string({ error: 'Say whose attendance to mark (registrationId).' }).min(1, { error: 'Say whose attendance to mark (registrationId).' }),
      sessionDate: isoDate,
      present: z.boolean({ error: 'Say whether the participant was present (true or false).' }),
    },
    { error: 'Send the mark as a JSON object.' },
  ),
  responses: { 200: z.object({ mark: AttendanceMark }) },
})

export const cancelSession = contract({
  method: 'POST',
  url: '/api/admin/academies/:academyId/sessions/:date/cancel',
  access: 'admin',
  summary: "Cancels one session: the date joins the academy's skipped dates and every participant's account holder is emailed",
  params: z.object({ academyId: pathId, date: isoDate }),
  responses: {
    200: z.object({
      sessions: z.array(z.string()).describe('YYYY-MM-DD, the sessions left'),
      emailed: z.number().int().describe('account holders emailed'),
    }),
  },
})
