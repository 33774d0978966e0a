import { useQueryClient } from '@tanstack/react-query'
import type { Child } from '../../../../shared/contracts/children.ts'
import type { addChildAtDesk, updateChildAtDesk } from '../../../../shared/contracts/desk-family.ts'
import type { ChildFields } from '../../../../shared/schemas/children.ts'
import { call } from '../../../lib/endpoint.ts'
import { customerRecordQuery } from '../../../queries/desk.ts'

/** Sends the child form for a customer at the desk (added, or `child` edited); the record the answer carries replaces the one shown. */
export function useSaveChildAtDesk(userId: string) {
  const client = useQueryClient()
  return async (body: Record<ChildFields, string>, child: Child | undefined) => {
    const answer = child
      ? await call<typeof updateChildAtDesk>('POST', '/api/desk/customers/:userId/children/:childId', { params: { userId, childId: child.id }, body })
      : await call<typeof addChildAtDesk>('POST', '/api/desk/customers/:userId/children', { params: { userId }, body })
    client.setQueryData(customerRecordQuery(userId).queryKey, { customer: answer.customer })
    return answer
  }
}
