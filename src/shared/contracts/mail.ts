import { z } from 'zod'
import { contract } from './contract.ts'

export const OUTBOX_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

/** An outbox row as an admin reads it; an email carrying a one-time link shows only that it exists. */
export const OutboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The web addresses in `text` that lead to this site: only these are shown as links (the rest came from text someone typed). */
  links: z.array(z.string()),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type OutboxEmail = z.infer<typeof OutboxEmail>

export const OUTBOX_PAGE_SIZE = 50
const MAX_PAGE = 100_000
const PAGE_MESSAGE = `Page must be a whole number from 1 to ${MAX_PAGE}.`

export const OutboxPage = z.object({
  emails: z.array(OutboxEmail),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type OutboxPage = z.infer<typeof OutboxPage>

export const readOutbox = contract({
  method: 'GET',
  url: '/api/admin/outbox',
  access: 'admin',
  summary: 'Every email the site has sent or kept (or those to an address or about a subject), newest first, 50 a page',
  query: z.object({
    // Digits only: Number() alone would also take '1e3', ' 2 ' and '0x10'.
    page: z
      .string({ error: PAGE_MESSAGE })
      .refine((page) => /^[1-9]\d*$/.test(page) && Number(page) <= MAX_PAGE, { error: PAGE_MESSAGE })
      .transform(Number)
      .optional()
      .describe(`1 to ${MAX_PAGE}; 1 when left out`),
    q: z
      .string({ error: 'Search for an address or subject as text.' })
      .max(200, { error: 'Search for at most 200 characters.' })
      .optional()
      .describe('part of the recipient’s address or of the subject'),
  }),
  responses: { 200: OutboxPage },
})
