import type { NavigationState } from '../../components/layout.tsx'

/**
 * What a sign-up page hands the waiver page when the server asks for a signature, and what
 * "Continue registration" hands back, so the same child is chosen on both pages.
 */
export interface WaiverRequest extends NavigationState {
  /** The child the signature is for; absent when the person signs for themselves. */
  childId?: string
}

/** Navigation state is whatever the history entry holds: read it defensively. */
export function readWaiverRequest(state: unknown): { from: string | null; childId: string | null } {
  const { from, childId } = (state ?? {}) as { from?: unknown; childId?: unknown }
  return {
    // Only paths on this site, as use-return-path.ts: never an absolute or protocol-relative URL.
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null,
    childId: typeof childId === 'string' && childId !== '' ? childId : null,
  }
}
