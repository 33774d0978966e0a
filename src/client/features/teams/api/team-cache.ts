import { useQueryClient } from '@tanstack/react-query'
import type { TeamView } from '../../../../shared/contracts/teams.ts'
import { teamQuery } from '../../../queries/teams.ts'

/*
 * What the team page's writes share (each write is a hook of its own in this folder, owning what
 * it changes in the cache): an answer that is the team replaces the team's entry.
 */

export type TeamRef = Pick<TeamView, 'leagueId' | 'id'>
export const paramsOf = (team: TeamRef) => ({ leagueId: team.leagueId, teamId: team.id })

/** Keeps the team's answer to a change as the team as it now is. */
export function useKeepTeam(team: TeamRef) {
  const client = useQueryClient()
  return (answer: { team: TeamView }) => client.setQueryData(teamQuery(team.leagueId, team.id).queryKey, answer)
}
