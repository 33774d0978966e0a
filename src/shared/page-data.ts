/**
 * The data blocks a page carries (`<script type="application/json" id=…>`, written by
 * server/pages.ts, read by the browser): the facility's settings, the home page's leagues, the
 * answers a page was rendered with, the signed-in person it was rendered for, and the facility's
 * day it was rendered on.
 */
export const PAGE_DATA = { site: 'site-config', activeLeagues: 'active-leagues', queryState: 'query-state', sessionUser: 'session-user', facilityDay: 'facility-day' } as const

/** The facility's day (`YYYY-MM-DD`) and the moment (epoch ms) it ends there. */
export interface FacilityDay {
  day: string
  until: number
}
