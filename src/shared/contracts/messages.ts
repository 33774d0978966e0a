import { z } from 'zod'
import { contract, pathId } from './contract.ts'
import { MESSAGE_AUDIENCES, MESSAGE_WHOM, MESSAGES_PER_DAY, SUBJECT_MAX, TEXT_MAX } from '../messages.ts'

/**
 * Messages staff write to the people of a league, a team, an academy or a camp, or to its waitlist
 * (issue 32, docs/decisions/0031): sent through the outbox, once to each address, with an
 * unsubscribe line honoured by later messages.
 */

export const MessageDraft = z
  .object(
    {
      audience: z.object(
        {
          kind: z.enum(MESSAGE_AUDIENCES, { error: 'Choose a league, a team, an academy or a camp.' }),
          id: z.string({ error: 'Choose whom to write to.' }).min(1, { error: 'Choose whom to write to.' }).max(100, { error: 'Choose whom to write to from the list.' }),
          waitlist: z.boolean({ error: 'Say whether the message is for the waitlist (true or false).' }),
        },
        { error: 'Choose whom to write to.' },
      ),
      whom: z.enum(MESSAGE_WHOM, { error: 'Choose players, guardians or captains.' }),
      subject: z
        .string({ error: 'Write a subject.' })
        .trim()
        .min(1, { error: 'Write a subject.' })
        .max(SUBJECT_MAX, { error: `Keep the subject to ${SUBJECT_MAX} characters.` })
        .refine((s) => !/[\r\n]/.test(s), { error: 'Keep the subject to one line.' }),
      text: z.string({ error: 'Write the message.' }).trim().min(1, { error: 'Write the message.' }).max(TEXT_MAX, { error: `Keep the message to ${TEXT_MAX.toLocaleString('en-US')} characters.` }),
    },
    { error: 'Send the message as a JSON object.' },
  )
  .refine((d) => !(d.audience.kind === 'team' && d.audience.waitlist), { error: 'A team has no waitlist: choose its league’s.', path: ['audience'] })
  .refine((d) => d.whom !== 'captains' || ((d.audience.kind === 'league' || d.audience.kind === 'team') && !d.audience.waitlist), {
    error: 'Captains only is for a league’s or a team’s places.',
    path: ['whom'],
  })
export type MessageDraft = z.infer<typeof MessageDraft>

const Named = z.object({ id: z.string(), name: z.string() })

export const MessageAudiences = z.object({
  leagues: z.array(Named.extend({ teams: z.array(Named) })),
  academies: z.array(Named),
  camps: z.array(Named),
})
export type MessageAudiences = z.infer<typeof MessageAudiences>

export const MessagePreview = z.object({
  reaches: z.number().int().describe('addresses the message would be written to, each once'),
  skipped: z.number().int().describe('addresses left out because they unsubscribed'),
  sample: z.object({ to: z.string(), subject: z.string(), text: z.string() }).nullable().describe('the email to the first address, as it will be sent'),
})
export type MessagePreview = z.infer<typeof MessagePreview>

export const SentMessage = z.object({
  id: z.string(),
  authorName: z.string(),
  audienceLabel: z.string(),
  whom: z.enum(MESSAGE_WHOM),
  subject: z.string(),
  createdAt: z.string(),
  recipients: z.number().int(),
  skipped: z.number().int(),
  queued: z.number().int().describe('recipients whose email is not sent yet'),
  sent: z.number().int(),
  failed: z.number().int(),
})
export type SentMessage = z.infer<typeof SentMessage>

export const readMessageAudiences = contract({
  method: 'GET',
  url: '/api/messages/audiences',
  access: 'staff',
  summary: 'The leagues (with their teams), academies and camps staff may write to',
  responses: { 200: MessageAudiences },
})

export const previewMessage = contract({
  method: 'POST',
  url: '/api/messages/preview',
  access: 'staff',
  summary: 'How many addresses a message would reach, how many are skipped as unsubscribed, and the email to one of them',
  body: MessageDraft,
  responses: { 200: MessagePreview },
})

export const sendMessage = contract({
  method: 'POST',
  url: '/api/messages',
  access: 'staff',
  summary: `Sends a message through the outbox, once to each address (at most ${MESSAGES_PER_DAY} a day per staff member)`,
  body: MessageDraft,
  responses: { 201: z.object({ message: SentMessage }) },
})

export const readMessages = contract({
  method: 'GET',
  url: '/api/messages',
  access: 'staff',
  summary: 'The 50 newest messages staff sent, with how many of their emails wait, went and failed',
  responses: { 200: z.object({ messages: z.array(SentMessage), perDay: z.number().int(), sentToday: z.number().int().describe('messages you sent today') }) },
})

export const readUnsubscribe = contract({
  method: 'GET',
  url: '/api/unsubscribe/:token',
  access: 'open',
  summary: 'The address an unsubscribe link was made for, read by its page; nothing changes',
  params: z.object({ token: pathId }),
  responses: { 200: z.object({ address: z.string() }) },
})

export const unsubscribe = contract({
  method: 'POST',
  url: '/api/unsubscribe/:token',
  access: 'open',
  summary: 'The address an unsubscribe link was made for receives no more messages from staff (receipts and links still reach it)',
  params: z.object({ token: pathId }),
  responses: { 200: z.object({ address: z.string() }) },
})
