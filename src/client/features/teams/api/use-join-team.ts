import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { claimTeam, Invitation, joinTeam } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'

/**
 * Answers an invite link: a player joins the roster, or the captain a team was held for claims it.
 * One key for the page, so asking again (back from the waiver) is answered with the first result.
 */
export function useJoinTeam(invitation: Pick<Invitation, 'leagueId' | 'teamId' | 'heldFor'>, invite: string) {
  const client = useQueryClient()
  const [idempotencyKey] = useState(newIdempotencyKey)
  return useMutation({
    mutationFn: () => {
      const request = { params: { leagueId: invitation.leagueId, teamId: invitation.teamId }, body: { invite }, headers: { 'idempotency-key': idempotencyKey } }
      return invitation.heldFor !== null
        ? call<typeof claimTeam>('POST', '/api/leagues/:leagueId/teams/:teamId/claim', request)
        : call<typeof joinTeam>('POST', '/api/leagues/:leagueId/teams/:teamId/players', request)
    },
    onSuccess: () => client.invalidateQueries({ queryKey: TEAMS }),
  })
}
