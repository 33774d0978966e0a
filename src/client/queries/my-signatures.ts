import { queryOptions } from '@tanstack/react-query'
import type { mySignatures } from '../../shared/contracts/waiver.ts'
import { call } from '../lib/endpoint.ts'

/** Every waiver the signed-in person signed, for themselves and their children. */
export const mySignaturesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mine', userId, 'signatures'],
    queryFn: () => call<typeof mySignatures>('GET', '/api/waiver/signatures/mine'),
  })
