import type { Db } from '../../db/connect.ts'
import { endEarnedDiscounts } from './family-discount.ts'
import type { HowEnded, PlaceOfKind } from './kinds.ts'

/**
 * What follows the end of a place of any kind: a sibling's family discount it earned ends, then
 * its kind's own rule (kinds.ts `KindRules.afterEnded`). Apart from kinds.ts, which the readers
 * of places import for its types, so no file imports another in a loop.
 */
export async function followEnding(tx: Db, place: PlaceOfKind, how: HowEnded): Promise<void> {
  await endEarnedDiscounts(tx, place.registrationId, { actorId: how.actorId, now: how.ctx.now })
  await how.ctx.kinds[place.kind].rules.afterEnded?.(tx, place, how)
}
