import type { QueryKey } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import type { SessionUser } from '../../shared/contracts/session.ts'
import { matchRoute, type RouteId } from '../../shared/routes.ts'
import { useSession } from './session.tsx'

/** A page opened: the route its path matched, the values in its path, and who opens it (null for a visitor). */
export interface PageVisit {
  routeId: RouteId
  params: Readonly<Record<string, string | undefined>>
  user: SessionUser | null
}

/** A query a page opens with; one whose answer has an address (`meta.url`) is read by the server before it renders the page. */
export interface OpeningQuery {
  queryKey: QueryKey
  meta?: { url?: string }
}

/**
 * The queries a page opens with, by the name its screen reads them under: declared beside the
 * screen in its route file (`export function opensWith`), so the server renders the page with
 * exactly the answers the screen asks for (render-page.tsx). Null where a visit needs no such
 * query (a visitor has no registrations). Asked only of a person the page lets in.
 */
export type OpensWith = (visit: PageVisit) => Readonly<Record<string, OpeningQuery | null>>

/** A screen's opening queries, from its route file's declaration: the same the server read for this visit. */
export function usePageQueries<Q>(opensWith: (visit: PageVisit) => Q): Q {
  const { pathname } = useLocation()
  const { user } = useSession()
  const match = matchRoute(pathname)
  if (!match) throw new Error(`No route matches ${pathname}`)
  return opensWith({ routeId: match.route.id as RouteId, params: match.params, user })
}
