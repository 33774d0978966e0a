import { useQueryClient } from '@tanstack/react-query'
import type { addChild, Child, updateChild } from '../../../../shared/contracts/children.ts'
import type { ChildFields } from '../../../../shared/schemas/children.ts'
import { call } from '../../../lib/endpoint.ts'
import { useSession } from '../../../lib/session.tsx'
import { childrenQuery } from '../../../queries/children.ts'

/**
 * Sends the child form for the signed-in guardian's own children (added, or `child` edited); the
 * child the answer carries goes into their list in the server's order (first name). The front
 * desk sends the form for a customer with desk/api/use-child-at-desk.ts.
 */
export function useSaveChild() {
  const client = useQueryClient()
  const userId = useSession().user?.uid
  return async (body: Record<ChildFields, string>, child: Child | undefined) => {
    const answer = child
      ? await call<typeof updateChild>('POST', '/api/children/:childId', { params: { childId: child.id }, body })
      : await call<typeof addChild>('POST', '/api/children', { body })
    if (userId) {
      client.setQueryData(childrenQuery(userId).queryKey, (list) => ({
        children: [...(list?.children ?? []).filter((c) => c.id !== answer.child.id), answer.child].sort((a, b) => a.firstName.localeCompare(b.firstName)),
      }))
    }
    return answer
  }
}
