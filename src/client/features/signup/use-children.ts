import { useQuery } from '@tanstack/react-query'
import { childrenQuery } from '../../queries/children.ts'

/** The signed-in guardian's children, for the kids sign-up page; nothing is loaded without a user. */
export function useChildren(userId: string | null) {
  const { data, isError } = useQuery({ ...childrenQuery(userId ?? ''), enabled: userId !== null })
  return {
    children: data?.children ?? null,
    failed: isError,
  }
}
