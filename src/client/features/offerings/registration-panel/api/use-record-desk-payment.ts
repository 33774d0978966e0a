import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { recordDeskPayment } from '../../../../../shared/contracts/registrations.ts'
import type { DeskPaymentForm } from '../../../../../shared/schemas/payments.ts'
import { call } from '../../../../lib/endpoint.ts'
import { registrationChanged } from './registration-changed.ts'

/** A payment taken at the desk for a registration (cash, check, the card terminal). */
export function useRecordDeskPayment(registrationId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<keyof typeof DeskPaymentForm, string>) => call<typeof recordDeskPayment>('POST', '/api/admin/registrations/:registrationId/payments', { params: { registrationId }, body }),
    onSuccess: () => registrationChanged(client),
  })
}
