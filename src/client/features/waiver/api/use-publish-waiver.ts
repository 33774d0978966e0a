import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { publishWaiver } from '../../../../shared/contracts/waiver.ts'
import { call } from '../../../lib/endpoint.ts'
import { waiverQuery } from '../../../queries/waiver.ts'

/** A new version of the waiver, published by staff: the waiver shown becomes it, signed by nobody yet. */
export function usePublishWaiver(userId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => call<typeof publishWaiver>('POST', '/api/admin/waiver', { body: { body } }),
    onSuccess: ({ waiver }) => client.setQueryData(waiverQuery(userId).queryKey, (answer) => answer && { waiver, signatures: [] }),
  })
}
