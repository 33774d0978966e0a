import { useMutation } from '@tanstack/react-query'
import type { emailReceipt } from '../../../../../shared/contracts/registrations.ts'
import { call } from '../../../../lib/endpoint.ts'

/** Staff send a registration's receipt to its account holder again; nothing on the page changes. */
export function useEmailReceipt() {
  return useMutation({
    mutationFn: (registrationId: string) => call<typeof emailReceipt>('POST', '/api/registrations/:registrationId/receipt/email', { params: { registrationId } }),
  })
}
