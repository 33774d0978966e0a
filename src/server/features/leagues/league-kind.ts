import type { Kind } from '../../core/registrations/kinds.ts'
import { personEmailLines } from '../../core/registrations/registration-emails.ts'
import { href } from '../../../shared/paths.ts'

/**
 * A player's place in an individual league, or a free agent's in a team league, as the
 * registration engine knows it (kinds.ts): the engine's own rules are all it needs, and a view
 * of the place names its league and sport, and its emails whose place it is.
 */
export const leagueKind: Kind<'league-place'> = {
  rules: {},
  details: async (_db, places) => places.map((place) => ({ kind: 'league-place', league: { id: place.ownerId, sport: place.sport ?? '' } })),
  emails: personEmailLines,
  staffPage: (leagueId) => href('leagueRegistrants', { leagueId }),
}
