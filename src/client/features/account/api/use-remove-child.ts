import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Child, removeChild } from '../../../../shared/contracts/children.ts'
import { call } from '../../../lib/endpoint.ts'
import { childrenQuery } from '../../../queries/children.ts'

/**
 * Removes a child no registration names. The list reads it again either way: refused, the child
 * was registered meanwhile (on another device, say), and the answer says why.
 */
export function useRemoveChild(userId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (child: Child) => call<typeof removeChild>('POST', '/api/children/:childId/remove', { params: { childId: child.id }, body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: childrenQuery(userId).queryKey }),
  })
}
