import { generatePath } from 'react-router'
import { ROUTES, type RouteId } from './routes.ts'
import { OFFERING_KIND_WORDS } from './offering-kinds.ts'
import type { OfferingKind } from './schemas/registration.ts'

type RoutePath<Id extends RouteId> = Extract<(typeof ROUTES)[number], { id: Id }>['path']
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
type Params<P extends string> = { [K in ParamNames<P> as K extends `${string}?` ? never : K]: string } & {
  [K in ParamNames<P> as K extends `${infer Optional}?` ? Optional : never]?: string
}
type Args<Id extends RouteId> = [ParamNames<RoutePath<Id>>] extends [never] ? [] : [Params<RoutePath<Id>>]

const byId = new Map<string, string>(ROUTES.map((r) => [r.id, r.path]))

/** Links are built from the route table, never by hand: `href('receipt', { userId, ... })`. */
export function href<Id extends RouteId>(id: Id, ...params: Args<Id>): string {
  const path = byId.get(id)
  if (path === undefined) throw new Error(`No route named ${id}`)
  return generatePath(path, params[0] ?? {})
}

/**
 * A registration's receipt page, at the URL the route table gives its kind (offering-kinds.ts): a
 * team's entry by its team, an academy, camp or drop-in place by its academy, camp or drop-in, a league place or a
 * place on a roster by registration.
 */
export function receiptPath(r: { id: string; userId: string; offering: { kind: OfferingKind; ownerId: string; league: { id: string } | null; team: { id: string } | null } }): string {
  const { kind, ownerId, league, team } = r.offering
  const byRegistration = () => href('receipt', { userId: r.userId, leagueId: league?.id ?? '', registrationId: r.id })
  switch (OFFERING_KIND_WORDS[kind].receiptPage) {
    case 'academyReceipt':
      return href('academyReceipt', { userId: r.userId, academyId: ownerId })
    case 'campReceipt':
      return href('campReceipt', { userId: r.userId, campId: ownerId })
    case 'dropInReceipt':
      return href('dropInReceipt', { userId: r.userId, dropInId: ownerId })
    case 'teamRegistrationReceipt':
      return team && league ? href('teamRegistrationReceipt', { userId: r.userId, leagueId: league.id, teamId: team.id }) : byRegistration()
    case 'receipt':
      return byRegistration()
  }
}
