import { purposeOf } from '../../shared/route-purposes.ts'
import type { RouteDefinition } from '../../shared/routes.ts'

/** A screen whose capability arrives with a later issue: its heading and purpose, never a 404. */
export function PlannedPage({ route }: { route: RouteDefinition }) {
  return (
    <section className="page">
      <h1>{route.title}</h1>
      <p>{purposeOf(route).description}</p>
    </section>
  )
}
