import type { RouteId } from '../../shared/routes.ts'
import type { Sport } from '../../shared/sports.ts'

/**
 * The sport each sign-up page lists. One screen serves all six pages; `null` is the page where
 * a person chooses among every sport's open individual leagues.
 */
const SIGN_UP_SPORTS = {
  soccerIndividualSignUp: 'soccer',
  basketballIndividualSignUp: 'basketball',
  footballIndividualSignUp: 'football',
  baseballIndividualSignUp: 'baseball',
  kidsSportsSignup: 'kids',
  individualSportsSignUp: null,
} as const satisfies Partial<Record<RouteId, Sport | null>>

type SignUpRouteId = keyof typeof SIGN_UP_SPORTS

export function isSignUpRoute(routeId: string): routeId is SignUpRouteId {
  return Object.hasOwn(SIGN_UP_SPORTS, routeId)
}

export function sportOfSignUp(routeId: SignUpRouteId): Sport | null {
  return SIGN_UP_SPORTS[routeId]
}

/** Each sport's own sign-up page. */
export const SIGN_UP_PAGES = {
  soccer: 'soccerIndividualSignUp',
  basketball: 'basketballIndividualSignUp',
  football: 'footballIndividualSignUp',
  baseball: 'baseballIndividualSignUp',
  kids: 'kidsSportsSignup',
} as const satisfies Record<Sport, SignUpRouteId>
