import { queryOptions, useQuery } from '@tanstack/react-query'
import type { listChildren } from '../../shared/contracts/children.ts'
import { readOf } from './read-of.ts'

/** The signed-in guardian's children. */
export const childrenQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mine', userId, 'children'],
    ...readOf<typeof listChildren>('/api/children'),
  })

/** The signed-in guardian's children, by the query their page opens with (routes/<page>.tsx opensWith); nothing is loaded without one. */
export function useChildren(query: ReturnType<typeof childrenQuery> | null) {
  const { data, isError } = useQuery({ ...(query ?? childrenQuery('')), enabled: query !== null })
  return {
    children: data?.children ?? null,
    failed: isError,
  }
}
