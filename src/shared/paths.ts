import { generatePath } from 'react-router'
import { ROUTES, type RouteId } from './routes.ts'

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
