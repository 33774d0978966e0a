import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageDraft, sendMessage } from '../../../../shared/contracts/messages.ts'
import { call } from '../../../lib/endpoint.ts'
import { MESSAGES } from '../../../queries/messages.ts'

/** Sends a message: the list of sent messages (and today's count) and the Emails page change. */
export function useSendMessage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (draft: MessageDraft) => call<typeof sendMessage>('POST', '/api/messages', { body: draft }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: MESSAGES })
      void client.invalidateQueries({ queryKey: ['admin', 'outbox'] })
    },
  })
}
