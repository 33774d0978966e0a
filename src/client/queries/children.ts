import { queryOptions } from '@tanstack/react-query'
import type { listChildren } from '../../shared/contracts/children.ts'
import { call } from '../lib/endpoint.ts'

/** The signed-in guardian's children. */
export const childrenQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mine', userId, 'children'],
    queryFn: () => call<typeof listChildren>('GET', '/api/children'),
  })
