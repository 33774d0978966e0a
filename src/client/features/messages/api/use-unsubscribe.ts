import { useMutation } from '@tanstack/react-query'
import type { unsubscribe } from '../../../../shared/contracts/messages.ts'
import { call } from '../../../lib/endpoint.ts'

/** The address the link was made for receives no more staff messages. */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => call<typeof unsubscribe>('POST', '/api/unsubscribe/:token', { params: { token } }),
  })
}
