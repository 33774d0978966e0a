import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Child } from '../../../shared/contracts/children.ts'
import type { WaiverDocument, WaiverSignature } from '../../../shared/contracts/waiver.ts'
import { childrenQuery } from '../../queries/children.ts'
import { mySignaturesQuery } from '../../queries/my-signatures.ts'
import { waiverQuery } from '../../queries/waiver.ts'

export interface WaiverPageData {
  waiver: WaiverDocument
  signatures: WaiverSignature[]
  children: Child[]
}

/**
 * The current waiver, plus — when someone is signed in — whom they have signed it for and the
 * children they could sign for.
 */
export function useWaiver(userId: string | null) {
  const client = useQueryClient()
  const query = waiverQuery(userId)
  const waiver = useQuery(query)
  const children = useQuery({ ...childrenQuery(userId ?? ''), enabled: userId !== null })
  const childList = userId === null ? [] : children.data?.children
  const data: WaiverPageData | null = waiver.data && childList ? { ...waiver.data, children: childList } : null
  const update = (change: (answer: { waiver: WaiverDocument; signatures: WaiverSignature[] }) => typeof answer) =>
    client.setQueryData(query.queryKey, (answer) => answer && change(answer))

  return {
    data,
    failed: waiver.isError || children.isError,
    /** The POST's answer lists the current version's signatures in full; the Account page's list reads them again. */
    setSignatures: (signatures: WaiverSignature[]) => {
      update((answer) => ({ ...answer, signatures }))
      if (userId) void client.invalidateQueries({ queryKey: mySignaturesQuery(userId).queryKey })
    },
    /** Nobody has signed a version that was just published. */
    setWaiver: (published: WaiverDocument) => update(() => ({ waiver: published, signatures: [] })),
  }
}
