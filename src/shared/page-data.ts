/**
 * The data blocks a page carries (`<script type="application/json" id=…>`, written by
 * server/pages.ts, read by the browser): the facility's settings, the home page's leagues, and
 * the answers an open page was rendered with.
 */
export const PAGE_DATA = { site: 'site-config', activeLeagues: 'active-leagues', queryState: 'query-state' } as const
