import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { signWaiverAtDesk } from '../../../../shared/contracts/desk.ts'
import type { DeskWaiverForm } from '../../../../shared/schemas/desk.ts'
import { call } from '../../../lib/endpoint.ts'
import { DESK } from '../../../queries/desk.ts'

type Signature = Record<keyof typeof DeskWaiverForm, string> & { childId: string }

/** The waiver signed on the staff screen, for the customer or one of their children; the desk's reads follow. */
export function useSignWaiverAtDesk(userId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (signature: Signature) => call<typeof signWaiverAtDesk>('POST', '/api/desk/customers/:userId/waiver', { params: { userId }, body: signature }),
    onSuccess: () => client.invalidateQueries({ queryKey: DESK }),
  })
}
