import { queryOptions } from '@tanstack/react-query'
import type { academyCalendarLink, teamCalendarLink } from '../../shared/contracts/calendar.ts'
import { readOf } from './read-of.ts'

/** Whose private calendar feed (issue 33): a team's games or an academy's sessions. */
export type CalendarOwner = { kind: 'team'; leagueId: string; teamId: string } | { kind: 'academy'; academyId: string }

/**
 * The owner's feed link, made for the viewer when first asked (so only on "Add to calendar", never
 * by a page view): kept for good, as a new one comes only from renewing it.
 */
export function calendarLinkQuery(owner: CalendarOwner) {
  return owner.kind === 'team'
    ? queryOptions({
        queryKey: ['calendar-link', 'team', owner.teamId],
        ...readOf<typeof teamCalendarLink>('/api/leagues/:leagueId/teams/:teamId/calendar', { params: { leagueId: owner.leagueId, teamId: owner.teamId } }),
        staleTime: Infinity,
      })
    : queryOptions({
        queryKey: ['calendar-link', 'academy', owner.academyId],
        ...readOf<typeof academyCalendarLink>('/api/academies/:academyId/calendar', { params: { academyId: owner.academyId } }),
        staleTime: Infinity,
      })
}
