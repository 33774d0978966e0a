import type { NavigationState } from '../components/layout.tsx'

/**
 * What a sign-up page hands the waiver page when the server asks for a signature, and what
 * "Continue registration" hands back, so the same child is chosen on both pages.
 */
export interface WaiverRequest extends NavigationState {
  /** The child the signature is for; absent when the person signs for themselves. */
  childId?: string
  /**
   * What the person was doing when the waiver was asked for: "Continue registration" hands it
   * back, and the page it returns to finishes it and shows the result (issue 21 §4).
   */
  resume?: string
}

/** Navigation state is whatever the history entry holds: read it defensively. */
export function readWaiverRequest(state: unknown): { from: string | null; childId: string | null; resume: string | null } {
  const { from, childId, resume } = (state ?? {}) as { from?: unknown; childId?: unknown; resume?: unknown }
  return {
    // Only paths on this site, as use-return-path.ts: never an absolute or protocol-relative URL.
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null,
    childId: typeof childId === 'string' && childId !== '' ? childId : null,
    resume: typeof resume === 'string' && resume !== '' ? resume : null,
  }
}
