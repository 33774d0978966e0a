import { queryOptions } from '@tanstack/react-query'
import type { readMessageAudiences, readMessages } from '../../shared/contracts/messages.ts'
import { readOf } from './read-of.ts'

export const MESSAGES = ['staff', 'messages'] as const

/** The messages staff sent, newest first, with their emails' counts; and how many the signed-in person sent today. */
export const messagesQuery = () => queryOptions({ queryKey: [...MESSAGES, 'sent'], ...readOf<typeof readMessages>('/api/messages') })

/** The leagues (with their teams), academies and camps a message may go to. */
export const messageAudiencesQuery = () => queryOptions({ queryKey: [...MESSAGES, 'audiences'], ...readOf<typeof readMessageAudiences>('/api/messages/audiences') })
