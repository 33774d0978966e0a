import { z } from 'zod'
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../audit.ts'
import { contract } from './contract.ts'

/** A staff action as the audit history recorded it (server/core/audit.ts, docs/decisions/0027). */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string().describe('ISO 8601 time of the action'),
  staffId: z.string(),
  staffName: z.string().describe('the staff member’s name when they acted'),
  action: z.enum(AUDIT_ACTIONS),
  entityKind: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  entityLabel: z.string().describe('what the record was called then: a league’s name, a person in a league'),
  before: z.record(z.string(), z.unknown()).nullable().describe('the fields the action changed as they were; null when it made the record'),
  after: z.record(z.string(), z.unknown()).nullable().describe('the fields as they became, or what the action added (a payment, a refund)'),
  address: z.string().describe('the address the request came from'),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  staff: z.array(z.object({ id: z.string(), name: z.string() })).describe('everyone who appears in the history, for the filter'),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean().describe('an older page follows'),
})
export type AuditPage = z.infer<typeof AuditPage>

const MAX_PAGE = 100_000
const PAGE_MESSAGE = `Page must be a whole number from 1 to ${MAX_PAGE}.`
const DATE_MESSAGE = 'Enter a date such as 2027-01-05.'

/** A calendar day, checked to exist (2027-02-30 does not). */
const day = z
  .string({ error: DATE_MESSAGE })
  .refine((text) => {
    const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text)
  }, { error: DATE_MESSAGE })

export const AuditQuery = z
  .object({
    staffId: z.string({ error: 'Choose a staff member from the list.' }).max(100, { error: 'Choose a staff member from the list.' }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'Choose a kind of action from the list.' }).optional(),
    from: day.optional().describe('the first day, YYYY-MM-DD in the facility’s time zone'),
    to: day.optional().describe('the last day, YYYY-MM-DD in the facility’s time zone'),
    entityKind: z.enum(AUDIT_ENTITIES, { error: 'Choose what the history is of from the list.' }).optional(),
    entityId: z.string({ error: 'The id must be text.' }).min(1).max(100, { error: 'The id is too long.' }).optional(),
    // Digits only: Number() alone would also take '1e3', ' 2 ' and '0x10'.
    page: z
      .string({ error: PAGE_MESSAGE })
      .refine((page) => /^[1-9]\d*$/.test(page) && Number(page) <= MAX_PAGE, { error: PAGE_MESSAGE })
      .transform(Number)
      .optional()
      .describe(`1 to ${MAX_PAGE}; 1 when left out`),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The first day must not be after the last.', path: ['to'] })
  .refine((q) => (q.entityKind === undefined) === (q.entityId === undefined), { error: 'Give both entityKind and entityId, or neither.', path: ['entityId'] })

export const readAudit = contract({
  method: 'GET',
  url: '/api/audit',
  access: 'admin',
  summary: 'The audit history of staff actions (who, when, what changed, from where), newest first, a page at a time, by staff member, kind of action, days or record',
  query: AuditQuery,
  responses: { 200: AuditPage },
})
