import type { Kind } from '../../core/registrations/kinds.ts'

/**
 * A player's place in an individual league, or a free agent's in a team league, as the
 * registration engine knows it (kinds.ts): the engine's own rules are all it needs.
 */
export const leagueKind: Kind = {
  rules: {},
}
