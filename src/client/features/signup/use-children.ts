import { useQuery } from '@tanstack/react-query'
import { childrenQuery } from '../../queries/children.ts'

/** The signed-in guardian's children, by the query their page opens with (routes/<page>.tsx opensWith); nothing is loaded without one. */
export function useChildren(query: ReturnType<typeof childrenQuery> | null) {
  const { data, isError } = useQuery({ ...(query ?? childrenQuery('')), enabled: query !== null })
  return {
    children: data?.children ?? null,
    failed: isError,
  }
}
