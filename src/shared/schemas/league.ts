import { centsFromDollars, formatMoney } from '../money.ts'
import { LEAGUE_KINDS, SPORTS, type LeagueKind } from '../sports.ts'
import { playersPayFee, TEAM_PAYMENTS, teamPaysFee, type TeamPayment } from './team.ts'
import type { FormSpec } from '../validation/rules.ts'
import { minimumAboveCapacity, PROGRAM_MINIMUM } from './program.ts'

/**
 * The league form of /leagues, checked in the browser and again by the server (decision 0004).
 * Values are strings, as forms send them; the server turns them into numbers, cents and
 * booleans. Empty optional numbers mean "not set": no capacity limit, no roster or age limit.
 *
 * A league starts strictly after registration opens: the form facility's date_after, so the
 * first day of registration is never also the first game day.
 */
export const LeagueForm = {
  name: { label: 'Name', rules: 'required|line|max:120' },
  sport: { label: 'Sport', rules: `required|in:${SPORTS.join(',')}` },
  kind: { label: 'Kind', rules: `required|in:${LEAGUE_KINDS.join(',')}` },
  description: { label: 'Description', rules: 'max:2000' },
  isActive: { label: 'Open for registration', rules: 'in:true,false' },
  registrationDate: { label: 'Registration date', rules: 'required|date' },
  startDate: { label: 'Start date', rules: 'required|date|date_after:registrationDate' },
  endDate: { label: 'End date', rules: 'required|date|date_after:startDate' },
  registrationDeadline: { label: 'Registration deadline', rules: 'date|date_after:registrationDate|date_before:endDate' },
  price: { label: 'Price', rules: 'required|numeric|between:0,10000' },
  /** A product of the price list (issue 24) the price comes from; empty: the price typed. */
  priceProduct: { label: 'Price from the price list', rules: 'max:64' },
  capacity: { label: 'Capacity', rules: 'integer|between:1,100000' },
  /** Confirmed players it needs to run; a team league's, confirmed teams (checked against teamCapacity). */
  ...PROGRAM_MINIMUM,
  /** When a place is paid (PAY_AT_SIGN_UP_CHOICES); empty: pay later. */
  payAtSignUp: { label: 'Payment', rules: 'in:true,false' },
  teamCapacity: { label: 'Team capacity', rules: 'integer|between:1,100' },
  rosterMin: { label: 'Minimum roster size', rules: 'integer|between:1,100' },
  rosterMax: { label: 'Maximum roster size', rules: 'integer|between:1,100' },
  rosterDeadline: { label: 'Roster deadline', rules: 'date|date_after:registrationDate|date_before:endDate' },
  teamPayment: { label: 'Who pays', rules: `in:${TEAM_PAYMENTS.join(',')}` },
  teamFee: { label: 'Team fee', rules: 'numeric|between:0,10000' },
  /** A team fee or deposit of the price list the captain's fee comes from; empty: the fee typed. */
  teamFeeProduct: { label: 'Team fee from the price list', rules: 'max:64' },
  minAge: { label: 'Minimum age', rules: 'integer|between:1,99' },
  maxAge: { label: 'Maximum age', rules: 'integer|between:1,99' },
} as const satisfies FormSpec

export type LeagueField = keyof typeof LeagueForm
export type LeagueFormValues = Record<LeagueField, string>

/** Team fields mean something only for team leagues, age fields only for Kids Sports. */
export const TEAM_FIELDS = ['teamCapacity', 'rosterMin', 'rosterMax', 'rosterDeadline', 'teamPayment', 'teamFee', 'teamFeeProduct'] as const satisfies readonly LeagueField[]
export const AGE_FIELDS = ['minAge', 'maxAge'] as const satisfies readonly LeagueField[]

export const LEAGUE_MESSAGES = {
  priceCents: 'Price must be in dollars and cents, such as 45 or 45.50.',
  teamFeeCents: 'Team fee must be in dollars and cents, such as 300 or 299.50.',
  teamPayment: 'Choose who pays.',
  rosterRange: 'Maximum roster size must be at least the minimum roster size.',
  ageRange: 'Maximum age must be at least the minimum age.',
} as const

/**
 * What the field rules cannot say because it compares two numbers or counts decimals. Runs on
 * values that passed LeagueForm, in the browser before sending and on the server before saving.
 */
export function leagueFormProblems(values: LeagueFormValues): Partial<Record<LeagueField, string>> {
  const problems: Partial<Record<LeagueField, string>> = {}
  if (values.price !== '' && centsFromDollars(values.price) === null) problems.price = LEAGUE_MESSAGES.priceCents
  const below = (low: string, high: string) => low !== '' && high !== '' && Number(high) < Number(low)
  const minimum = values.kind === 'team' ? minimumAboveCapacity(values.minimum, values.teamCapacity, 'teams') : minimumAboveCapacity(values.minimum, values.capacity)
  if (minimum) problems.minimum = minimum
  if (values.kind === 'team') {
    if (below(values.rosterMin, values.rosterMax)) problems.rosterMax = LEAGUE_MESSAGES.rosterRange
    if (values.teamPayment === '') problems.teamPayment = LEAGUE_MESSAGES.teamPayment
    if (teamPaysFee(values.teamPayment as TeamPayment) && values.teamFee !== '' && centsFromDollars(values.teamFee) === null) {
      problems.teamFee = LEAGUE_MESSAGES.teamFeeCents
    }
  }
  if (values.sport === 'kids' && below(values.minAge, values.maxAge)) problems.maxAge = LEAGUE_MESSAGES.ageRange
  return problems
}

/** The parts of a league that say its price. */
export interface LeaguePrice {
  kind: LeagueKind
  priceCents: number
  teamPayment: TeamPayment | null
  teamFeeCents: number | null
}

/** What a league costs, said the way it is paid: per player, per team, or both (issue 21). */
export function leaguePriceText({
  kind,
  priceCents,
  teamPayment,
  teamFeeCents,
}: LeaguePrice): string {
  if (kind !== 'team') return priceCents === 0 ? 'Free' : formatMoney(priceCents)
  const payment = teamPayment ?? 'player-fee'
  const parts = [
    teamPaysFee(payment) && teamFeeCents ? `${formatMoney(teamFeeCents)} a team` : null,
    playersPayFee(payment) && priceCents > 0 ? `${formatMoney(priceCents)} a player` : null,
  ].filter((part) => part !== null)
  return parts.length === 0 ? 'Free' : parts.join(', and ')
}
