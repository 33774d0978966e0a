import { useEffect, useState } from 'react'
import type { Child } from '../../../shared/schemas/registration.ts'
import { api } from '../../lib/api.ts'

export interface WaiverDocument {
  version: number
  body: string
  publishedAt: string
}

/** A signature of the current version, for the person (`subjectKey` 'self') or one of their children. */
export interface WaiverSignature {
  subjectKey: string
  childId: string | null
  waiverVersion: number
  signedName: string
  signedAt: string
}

export interface WaiverPageData {
  waiver: WaiverDocument
  signatures: WaiverSignature[]
  children: Child[]
}

/**
 * The current waiver, plus — when someone is signed in — whom they have signed it for and the
 * children they could sign for. Reloads when the signed-in person changes.
 */
export function useWaiver(userId: string | null) {
  const [data, setData] = useState<WaiverPageData | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let current = true
    Promise.all([
      api.get<{ waiver: WaiverDocument; signatures: WaiverSignature[] }>('/api/waiver'),
      userId ? api.get<{ children: Child[] }>('/api/children') : Promise.resolve({ children: [] }),
    ])
      .then(([{ waiver, signatures }, { children }]) => {
        if (!current) return
        setData({ waiver, signatures, children })
        setFailed(false)
      })
      .catch((error: unknown) => {
        console.error('Could not load the waiver', error)
        if (current) setFailed(true)
      })
    return () => {
      current = false
    }
  }, [userId])

  return {
    data,
    failed,
    /** The POST's answer lists the current version's signatures in full. */
    setSignatures: (signatures: WaiverSignature[]) => setData((d) => d && { ...d, signatures }),
    /** Nobody has signed a version that was just published. */
    setWaiver: (waiver: WaiverDocument) => setData((d) => d && { ...d, waiver, signatures: [] }),
  }
}
