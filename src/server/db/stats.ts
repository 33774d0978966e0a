/**
 * What a server asked of its database, for `npm run bench:rush` (DB_STATS=1): every statement
 * sent (on PostgreSQL each is one round trip: node-postgres does not pipeline), and how long the
 * registration engine held offerings' rows, from the capacity decision to the commit.
 */
export interface DbStats {
  statements: number
  /** Groups of place requests written together (registration engine). */
  groups: number
  /** Place requests in those groups. */
  placeRequests: number
  /** Milliseconds the offerings' rows were held, summed over groups. */
  heldMs: number
}

export const newDbStats = (): DbStats => ({ statements: 0, groups: 0, placeRequests: 0, heldMs: 0 })
