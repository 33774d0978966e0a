import type { AdminLeague } from '../contracts/leagues.ts'
import { dollarsText } from '../money.ts'
import type { LeagueFormValues } from './league.ts'

/** A saved league as the form shows it: what the edit form starts from, and what an update leaves alone. */
export function leagueFormValues(league: AdminLeague): LeagueFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value))
  return {
    name: league.name,
    sport: league.sport,
    kind: league.kind,
    description: league.description ?? '',
    isActive: String(league.isActive),
    registrationDate: league.registrationDate,
    startDate: league.startDate,
    endDate: league.endDate,
    registrationDeadline: league.registrationDeadline ?? '',
    price: dollarsText(league.priceCents),
    priceProduct: '',
    capacity: text(league.capacity),
    minimum: text(league.minimum),
    payAtSignUp: String(league.payAtSignUp),
    teamCapacity: text(league.teamCapacity),
    rosterMin: text(league.rosterMin),
    rosterMax: text(league.rosterMax),
    rosterDeadline: league.rosterDeadline ?? '',
    teamPayment: league.teamPayment ?? '',
    teamFee: league.teamFeeCents === null ? '' : dollarsText(league.teamFeeCents),
    teamFeeProduct: '',
    minAge: text(league.minAge),
    maxAge: text(league.maxAge),
  }
}
