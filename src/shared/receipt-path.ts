import { href } from './paths.ts'
import { OFFERING_KIND_WORDS } from './offering-kinds.ts'
import type { OfferingKind } from './schemas/registration.ts'

/**
 * A registration's receipt page, at the URL the route table gives its kind (offering-kinds.ts; kept
 * out of paths.ts, so the pages that only link carry no table of kinds): a
 * team's entry by its team, an academy, camp or drop-in place by its academy, camp or drop-in, a league place or a
 * place on a roster by registration, under its league (its owner).
 */
export function receiptPath(r: { id: string; userId: string; offering: { kind: OfferingKind; ownerId: string; details: { kind: OfferingKind; team?: { id: string } } } }): string {
  const { kind, ownerId, details } = r.offering
  const byRegistration = () => href('receipt', { userId: r.userId, leagueId: ownerId, registrationId: r.id })
  switch (OFFERING_KIND_WORDS[kind].receiptPage) {
    case 'academyReceipt':
      return href('academyReceipt', { userId: r.userId, academyId: ownerId })
    case 'campReceipt':
      return href('campReceipt', { userId: r.userId, campId: ownerId })
    case 'dropInReceipt':
      return href('dropInReceipt', { userId: r.userId, dropInId: ownerId })
    case 'teamRegistrationReceipt':
      return details.team ? href('teamRegistrationReceipt', { userId: r.userId, leagueId: ownerId, teamId: details.team.id }) : byRegistration()
    case 'receipt':
      return byRegistration()
  }
}
