import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { adjustRegistrationPrice } from '../../../../../shared/contracts/registrations.ts'
import { call } from '../../../../lib/endpoint.ts'
import { registrationChanged } from './registration-changed.ts'

/** A credit or a scholarship taken off what a registration's place asks, with its reason. */
export function useAdjustPrice(registrationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { amount: string; reason: string }) =>
      call<typeof adjustRegistrationPrice>('POST', '/api/admin/registrations/:registrationId/adjustments', { params: { registrationId }, body }),
    onSuccess: () => registrationChanged(client),
  })
}
