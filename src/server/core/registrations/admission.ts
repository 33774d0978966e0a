import type { Db } from '../../db/connect.ts'
import { ageRangeText, outsideAgesText } from '../../../shared/age.ts'
import { formatDate } from '../../../shared/format.ts'
import { lastRegistrationDay, registrationWindow } from '../../../shared/registration-window.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { participantKeyOf } from '../../../shared/schemas/registration.ts'
import { conflict, invalid, notFound } from '../refusals.ts'
import { findChild } from '../children.queries.ts'
import { currentWaiverSigned } from '../waivers.queries.ts'
import type { Offering } from './offerings.queries.ts'

/**
 * Who may ask for a place (docs/decisions/0012): the rules every offering takes from its own row
 * — its registration window, children or adults, ages, the waiver — checked before the engine
 * takes the place (engine.ts).
 */

export interface Admission {
  childId: string | null
  /** The waiver version signed for this participant; null when the offering needs none. */
  waiverVersion: number | null
  /**
   * The most live places (a waitlist position too) the account may hold in the offering, decided
   * by the engine with the offering's row held (engine.ts); null or left out: no limit (staff at
   * the desk, or a place only the account holder takes, one per account anyway).
   */
  placesPerAccount?: number | null
}

/** Who asks, and on what day. */
export interface Ask {
  userId: string
  childId: string | null
  today: string
  /** The facility's limit for a customer asking for themself (config.ts `accountLimits`); null for staff at the desk, who may go past it. */
  placesPerAccount?: number | null
}

/**
 * Whether this participant may take a place on `today` (a facility day): the registration
 * window, children or adults, the age range on the start date, and the signed waiver. Answers
 * the admission or throws the error a person reads.
 */
export async function admit(db: Db, offering: Offering, ask: Ask): Promise<Admission> {
  const window = registrationWindow(offering, ask.today)
  if (window === 'upcoming') throw conflict(`Registration for ${offering.name} opens on ${formatDate(offering.registrationDate)}.`)
  if (window === 'closed') throw conflict(`Registration for ${offering.name} closed on ${formatDate(lastRegistrationDay(offering))}.`)
  return { ...(await admitParticipant(db, offering, ask)), placesPerAccount: ask.placesPerAccount ?? null }
}

/** The refusal of a place past the account's limit in an offering. */
export function overPlacesLimit(offering: Pick<Offering, 'name'>, most: number) {
  return conflict(`An account can hold at most ${most} places in ${offering.name}, the waitlist included. Ask at the front desk to register more.`)
}

/**
 * Whether this participant may take a place whatever the day: children or adults, the age range
 * and the signed waiver. For a place staff kept for someone (a team held for its captain), whose
 * window staff already decided.
 */
export async function admitParticipant(db: Db, offering: Offering, ask: { userId: string; childId: string | null; today?: string }): Promise<Admission> {
  const { childId } = ask
  const { noun, childrenElsewhere } = OFFERING_KIND_WORDS[offering.kind]
  if (offering.forChildren && !childId) {
    throw invalid('Choose which child to register.', { childId: 'Choose which child to register.' })
  }
  if (childId) {
    const child = await findChild(db, ask.userId, childId)
    if (!child) throw notFound('There is no such child on your account.')
    if (!offering.forChildren) {
      const elsewhere = childrenElsewhere ? ` ${child.firstName} can be registered in ${childrenElsewhere}.` : ''
      throw invalid(`${offering.name} is for adults.${elsewhere}`, {
        childId: `${offering.name} is for adults.`,
      })
    }
    const outside = outsideAgesText(child, offering, noun, ask.today)
    if (outside) throw invalid(outside, { childId: `${child.firstName} is outside this ${noun}'s age range (${ageRangeText(offering.minAge, offering.maxAge)}).` })
  }

  if (!offering.waiverRequired) return { childId, waiverVersion: null }
  const waiver = await currentWaiverSigned(db, ask.userId, participantKeyOf(childId))
  if (!waiver.signed) throw conflict('Please sign the current waiver before registering.', { waiver: 'WAIVER_REQUIRED' })
  return { childId, waiverVersion: waiver.version }
}
