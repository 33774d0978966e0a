import { queryOptions } from '@tanstack/react-query'
import type { leagueReceipt, registrationReceipt } from '../../shared/contracts/registrations.ts'
import type { teamReceipt } from '../../shared/contracts/teams.ts'
import type { academyReceipt } from '../../shared/contracts/academies.ts'
import { readOf } from './read-of.ts'

export interface ReceiptIds {
  userId: string
  leagueId: string
  /** Without it, the person's own newest registration for the league (/registrationReceipt). */
  registrationId?: string
  /** The person's team entry (a captain) or roster place (a player) for this team (/teamRegistrationReceipt). */
  teamId?: string
}

/** A receipt: its owner's or, for staff, anyone's; 404 alike when missing or not yours. */
export const receiptQuery = ({ userId, leagueId, registrationId, teamId }: ReceiptIds) =>
  queryOptions({
    queryKey: ['receipt', userId, leagueId, registrationId ?? (teamId ? `team ${teamId}` : 'own')],
    ...(teamId !== undefined
      ? readOf<typeof teamReceipt>('/api/receipts/user/:userId/league/:leagueId/team/:teamId', { params: { userId, leagueId, teamId } })
      : registrationId === undefined
        ? readOf<typeof leagueReceipt>('/api/receipts/user/:userId/league/:leagueId', { params: { userId, leagueId } })
        : readOf<typeof registrationReceipt>('/api/receipts/user/:userId/league/:leagueId/registration/:registrationId', {
            params: { userId, leagueId, registrationId },
          })),
  })

/** A person's receipt for an academy: every place they took in it; 404 alike when missing or not yours. */
export const academyReceiptQuery = ({ userId, academyId }: { userId: string; academyId: string }) =>
  queryOptions({
    queryKey: ['receipt', userId, 'academy', academyId],
    ...readOf<typeof academyReceipt>('/api/receipts/user/:userId/academy/:academyId', { params: { userId, academyId } }),
  })
