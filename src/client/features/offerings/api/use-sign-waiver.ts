import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { signWaiver } from '../../../../shared/contracts/waiver.ts'
import { call, type Request } from '../../../lib/endpoint.ts'
import { mySignaturesQuery } from '../../../queries/my-signatures.ts'
import { waiverQuery } from '../../../queries/waiver.ts'

/**
 * A signature of the current waiver, for the person or one of their children. The answer lists
 * the current version's signatures in full, so the waiver shown takes them; the Account page's
 * list reads them again.
 */
export function useSignWaiver(userId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: NonNullable<Request<typeof signWaiver>['body']>) => call<typeof signWaiver>('POST', '/api/waiver/signatures', { body }),
    onSuccess: ({ signatures }) => {
      client.setQueryData(waiverQuery(userId).queryKey, (answer) => answer && { ...answer, signatures })
      void client.invalidateQueries({ queryKey: mySignaturesQuery(userId).queryKey })
    },
  })
}
