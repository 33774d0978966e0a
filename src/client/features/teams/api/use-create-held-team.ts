import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { createHeldTeam } from '../../../../shared/contracts/teams.ts'
import type { StaffTeamForm } from '../../../../shared/schemas/team.ts'
import { call } from '../../../lib/endpoint.ts'
import { TEAMS } from '../../../queries/teams.ts'

/** A team staff create for a captain, its place held for them: every list of teams reads it again. */
export function useCreateHeldTeam() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<keyof typeof StaffTeamForm, string>) => call<typeof createHeldTeam>('POST', '/api/admin/teams', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAMS }),
  })
}
