import { queryOptions } from '@tanstack/react-query'
import type { mySignatures } from '../../shared/contracts/waiver.ts'
import { readOf } from './read-of.ts'

/** Every waiver the signed-in person signed, for themselves and their children. */
export const mySignaturesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mine', userId, 'signatures'],
    ...readOf<typeof mySignatures>('/api/waiver/signatures/mine'),
  })
