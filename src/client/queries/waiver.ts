import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Child } from '../../shared/contracts/children.ts'
import type { readWaiver, WaiverDocument, WaiverSignature } from '../../shared/contracts/waiver.ts'
import type { Answer } from '../../shared/contracts/contract.ts'
import { api } from '../lib/api.ts'
import { urlOf } from '../lib/endpoint.ts'
import { childrenQuery } from './children.ts'

/**
 * The current waiver with the caller's signatures of it (none for a visitor). Keyed by the
 * person, so one person's signatures are never shown to another in the same browser.
 */
export function waiverQuery(userId: string | null) {
  const url = urlOf<typeof readWaiver>('/api/waiver')
  return queryOptions({
    queryKey: userId ? ['mine', userId, 'waiver'] : ['waiver'],
    queryFn: () => api.get<Answer<typeof readWaiver>>(url),
    // Either is read by the server before it renders a page that opens with it, a person's with
    // their cookie; a visitor's is the same for everyone, so it stays when someone signs out.
    meta: userId ? { url } : { url, shared: true },
  })
}

export interface WaiverPageData {
  waiver: WaiverDocument
  signatures: WaiverSignature[]
  children: Child[]
}

/** The queries the waiver is read with, as a page declares them (routes/<page>.tsx opensWith): the children for someone signed in, none for a visitor. */
export interface WaiverQueries {
  waiver: ReturnType<typeof waiverQuery>
  children: ReturnType<typeof childrenQuery> | null
}

/**
 * The current waiver, plus — when someone is signed in — whom they have signed it for and the
 * children they could sign for. Signing and publishing change it through their hooks (api/).
 */
export function useWaiver({ waiver, children }: WaiverQueries) {
  const waiverAnswer = useQuery(waiver)
  const childrenAnswer = useQuery({ ...(children ?? childrenQuery('')), enabled: children !== null })
  const childList = children === null ? [] : childrenAnswer.data?.children
  const data: WaiverPageData | null = waiverAnswer.data && childList ? { ...waiverAnswer.data, children: childList } : null
  return {
    data,
    failed: waiverAnswer.isError || childrenAnswer.isError,
  }
}
