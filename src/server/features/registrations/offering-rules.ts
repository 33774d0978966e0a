import type { Db } from '../../db/connect.ts'
import type { OfferingKind } from '../../../shared/schemas/registration.ts'
import type { WaitlistContext } from './waitlist.ts'

/** A place that has just ended, inside the transaction that ended it. */
export interface EndedPlace {
  registrationId: string
  kind: OfferingKind
  teamId: string | null
}

/** How it ended: who ended it (null for a sweep), whether what was paid is refunded. */
export interface HowEnded {
  actorId: string | null
  refund: boolean
  ctx: WaitlistContext
}

type AfterEnded = (tx: Db, place: EndedPlace, how: HowEnded) => Promise<void>

/**
 * What follows when a place of one kind ends, registered by the feature that owns the kind where
 * the app is built (app.ts), so the engine never imports a feature above it: a team's entry
 * ending ends the places on its roster (features/teams/team-withdrawal.ts).
 */
const afterEnded = new Map<OfferingKind, AfterEnded>()

export function whenPlaceEnds(kind: OfferingKind, follow: AfterEnded): void {
  afterEnded.set(kind, follow)
}

export async function followEnding(tx: Db, place: EndedPlace, how: HowEnded): Promise<void> {
  await afterEnded.get(place.kind)?.(tx, place, how)
}
