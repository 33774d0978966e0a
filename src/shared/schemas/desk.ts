import type { FormSpec } from '../validation/rules.ts'
import { RegisterForm } from './account.ts'
import { WaiverSignForm } from './waiver.ts'

/** The front desk (docs/decisions/0016): the forms staff fill in for a customer at the counter. */

/** A walk-in with no account yet: created without a password, claimed later from a link. */
export const WalkInForm = {
  displayName: RegisterForm.displayName,
  email: RegisterForm.email,
  phone: RegisterForm.phone,
} as const satisfies FormSpec

/** The waiver signed by the customer on the staff screen, as they would sign it themselves (a guardian for a child). */
export const DeskWaiverForm = WaiverSignForm

/** A registration made at the desk for the customer (or one of their children). */
export const DeskRegistrationForm = {
  leagueId: { label: 'League', rules: 'required' },
  /** In a team league: the team the customer joins. */
  teamId: { label: 'Team', rules: '' },
} as const satisfies FormSpec

/** The fewest characters a search takes: fewer would list half the facility. */
export const DESK_SEARCH_MIN = 2
