import { useMutation } from '@tanstack/react-query'
import type { sendInvites } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { paramsOf, type TeamRef } from './team-cache.ts'

/** Emails the invite link; answers the addresses it went to. */
export function useSendInvites(team: TeamRef) {
  return useMutation({
    mutationFn: (emails: string) => call<typeof sendInvites>('POST', '/api/leagues/:leagueId/teams/:teamId/invite/emails', { params: paramsOf(team), body: { emails } }),
  })
}
