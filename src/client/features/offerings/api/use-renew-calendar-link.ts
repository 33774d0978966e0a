import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CalendarLink, renewAcademyCalendarLink, renewTeamCalendarLink } from '../../../../shared/contracts/calendar.ts'
import { call } from '../../../lib/endpoint.ts'
import { calendarLinkQuery, type CalendarOwner } from '../../../queries/calendar.ts'

/** A new feed link for the owner, the old one ending for everyone subscribed: the answer is the link now kept. */
export function useRenewCalendarLink(owner: CalendarOwner) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (): Promise<CalendarLink> =>
      owner.kind === 'team'
        ? call<typeof renewTeamCalendarLink>('POST', '/api/leagues/:leagueId/teams/:teamId/calendar/renew', { params: { leagueId: owner.leagueId, teamId: owner.teamId } })
        : call<typeof renewAcademyCalendarLink>('POST', '/api/admin/academies/:academyId/calendar/renew', { params: { academyId: owner.academyId } }),
    onSuccess: (answer) => client.setQueryData(calendarLinkQuery(owner).queryKey, answer),
  })
}
