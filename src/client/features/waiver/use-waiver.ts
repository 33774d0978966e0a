import { useQuery } from '@tanstack/react-query'
import type { Child } from '../../../shared/contracts/children.ts'
import type { WaiverDocument, WaiverSignature } from '../../../shared/contracts/waiver.ts'
import { childrenQuery } from '../../queries/children.ts'
import { waiverQuery } from '../../queries/waiver.ts'

export interface WaiverPageData {
  waiver: WaiverDocument
  signatures: WaiverSignature[]
  children: Child[]
}

/**
 * The current waiver, plus — when someone is signed in — whom they have signed it for and the
 * children they could sign for. Signing and publishing change it through their hooks (api/).
 */
export function useWaiver(userId: string | null) {
  const waiver = useQuery(waiverQuery(userId))
  const children = useQuery({ ...childrenQuery(userId ?? ''), enabled: userId !== null })
  const childList = userId === null ? [] : children.data?.children
  const data: WaiverPageData | null = waiver.data && childList ? { ...waiver.data, children: childList } : null
  return {
    data,
    failed: waiver.isError || children.isError,
  }
}
