/**
 * The data blocks a page carries (`<script type="application/json" id=…>`, written by
 * server/pages.ts, read by the browser): the facility's settings, the home page's leagues, the
 * answers a page was rendered with, and the signed-in person it was rendered for.
 */
export const PAGE_DATA = { site: 'site-config', activeLeagues: 'active-leagues', queryState: 'query-state', sessionUser: 'session-user' } as const
