import { useMutation } from '@tanstack/react-query'
import type { changeCaptain, removePlayer, RosterPlayer } from '../../../../shared/contracts/teams.ts'
import { call } from '../../../lib/endpoint.ts'
import { paramsOf, useKeepTeam, type TeamRef } from './team-cache.ts'

/** Takes a player off the roster, or hands them the captaincy. */
export function useChangeRoster(team: TeamRef) {
  const keep = useKeepTeam(team)
  return useMutation({
    mutationFn: ({ action, player }: { action: 'remove' | 'captain'; player: RosterPlayer }) =>
      action === 'remove'
        ? call<typeof removePlayer>('POST', '/api/leagues/:leagueId/teams/:teamId/players/:registrationId/remove', { params: { ...paramsOf(team), registrationId: player.registrationId } })
        : call<typeof changeCaptain>('POST', '/api/leagues/:leagueId/teams/:teamId/captain', { params: paramsOf(team), body: { registrationId: player.registrationId } }),
    onSuccess: keep,
  })
}
