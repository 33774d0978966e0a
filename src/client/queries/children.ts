import { queryOptions } from '@tanstack/react-query'
import type { listChildren } from '../../shared/contracts/children.ts'
import { readOf } from './read-of.ts'

/** The signed-in guardian's children. */
export const childrenQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mine', userId, 'children'],
    ...readOf<typeof listChildren>('/api/children'),
  })
