import { useQuery } from '@tanstack/react-query'
import type { Child } from '../../../shared/contracts/children.ts'
import type { WaiverDocument, WaiverSignature } from '../../../shared/contracts/waiver.ts'
import { childrenQuery } from '../../queries/children.ts'
import type { waiverQuery } from '../../queries/waiver.ts'

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
