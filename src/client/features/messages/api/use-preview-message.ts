import { useMutation } from '@tanstack/react-query'
import type { MessageDraft, previewMessage } from '../../../../shared/contracts/messages.ts'
import { call } from '../../../lib/endpoint.ts'

/** How many a draft reaches now, how many it skips, and the email one of them would receive: changes nothing. */
export function usePreviewMessage() {
  return useMutation({
    mutationFn: (draft: MessageDraft) => call<typeof previewMessage>('POST', '/api/messages/preview', { body: draft }),
  })
}
