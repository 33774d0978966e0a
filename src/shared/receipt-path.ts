import { href } from './paths.ts'
import { OFFERING_KIND_WORDS } from './offering-kinds.ts'
import type { OfferingKind } from './schemas/registration.ts'

/**
 * A registration's receipt page, at the URL the route table gives its kind (offering-kinds.ts; kept
 * out of paths.ts, so the pages that only link carry no table of kinds): a
 * team's entry by its team, an academy, camp or drop-in place by its academy, camp or drop-in, a league place or a
 * place on a roster by registration.
 */
export function receiptPath(r: { id: string; userId: string; offering: { kind: OfferingKind; ownerId: string; league: { id: string } | null; team: { id: string } | null } }): string {
  const { kind, ownerId, league, team } = r.offering
  const byRegistration = () => href('receipt', { userId: r.userId, leagueId: league?.id ?? '', registrationId: r.id })
  switch (OFFERING_KIND_WORDS[kind].receiptPage) {
    case 'academyReceipt':
      return href('academyReceipt', { userId: r.userId, academyId: ownerId })
    case 'campReceipt':
      return href('campReceipt', { userId: r.userId, campId: ownerId })
    case 'dropInReceipt':
      return href('dropInReceipt', { userId: r.userId, dropInId: ownerId })
    case 'teamRegistrationReceipt':
      return team && league ? href('teamRegistrationReceipt', { userId: r.userId, leagueId: league.id, teamId: team.id }) : byRegistration()
    case 'receipt':
      return byRegistration()
  }
}
