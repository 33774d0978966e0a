import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Child } from '../../../shared/contracts/children.ts'
import { childrenQuery } from '../../queries/children.ts'

/** The signed-in guardian's children, for the kids sign-up page; nothing is loaded without a user. */
export function useChildren(userId: string | null) {
  const client = useQueryClient()
  const query = childrenQuery(userId ?? '')
  const { data, isError } = useQuery({ ...query, enabled: userId !== null })
  return {
    children: data?.children ?? null,
    failed: isError,
    /** Puts in a child the server has just created or changed, keeping the server's order (first name). */
    saved: (child: Child) =>
      client.setQueryData(query.queryKey, (answer) => ({
        children: [...(answer?.children ?? []).filter((c) => c.id !== child.id), child].sort((a, b) => a.firstName.localeCompare(b.firstName)),
      })),
  }
}
