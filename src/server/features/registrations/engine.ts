import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { ageOn, ageRangeText } from '../../../shared/age.ts'
import { formatDate } from '../../../shared/format.ts'
import { lastRegistrationDay, registrationWindow } from '../../../shared/registration-window.ts'
import { participantKeyOf } from '../../../shared/schemas/registration.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts'
import { findChild } from '../children/children.queries.ts'
import { enqueueEmail } from '../mail/outbox.queries.ts'
import { createOrder } from '../payments/orders.queries.ts'
import { currentWaiverSigned } from '../waivers/waivers.queries.ts'
import { takePlaceIfFree, takePlaceOrQueue } from './capacity.ts'
import { priceOn, receiptNumber, type Offering } from './offerings.queries.ts'
import { confirmationEmail, waitlistedEmail } from './registration-emails.ts'
import { findRegistrationView, logEvent } from './registrations.queries.ts'

/**
 * The registration engine (docs/decisions/0012): one way to take a place in any offering — a
 * league place today; a team, a roster place or an academy place are offerings with their own
 * rows and the same rules. `admit` decides whether a participant may ask; `takePlace` takes a
 * place or a waitlist position, with its order line, event and email, in one transaction.
 */

export interface Admission {
  childId: string | null
  /** The waiver version signed for this participant; null when the offering needs none. */
  waiverVersion: number | null
}

/**
 * Whether this participant may take a place on `today` (a facility day): the registration
 * window, children or adults, the age range on the start date, and the signed waiver. Answers
 * the admission or throws the error a person reads.
 */
export async function admit(db: Db, offering: Offering, ask: { userId: string; childId: string | null; today: string }): Promise<Admission> {
  const window = registrationWindow(offering, ask.today)
  if (window === 'upcoming') throw conflict(`Registration for ${offering.name} opens on ${formatDate(offering.registrationDate)}.`)
  if (window === 'closed') throw conflict(`Registration for ${offering.name} closed on ${formatDate(lastRegistrationDay(offering))}.`)
  return admitParticipant(db, offering, ask)
}

/**
 * Whether this participant may take a place whatever the day: children or adults, the age range
 * and the signed waiver. For a place staff kept for someone (a team held for its captain), whose
 * window staff already decided.
 */
export async function admitParticipant(db: Db, offering: Offering, ask: { userId: string; childId: string | null }): Promise<Admission> {
  const { childId } = ask
  if (offering.forChildren && !childId) {
    throw badRequest('Choose which child to register.', { childId: 'Choose which child to register.' })
  }
  if (childId) {
    const child = await findChild(db, ask.userId, childId)
    if (!child) throw notFound('There is no such child on your account.')
    if (!offering.forChildren) {
      throw badRequest(`${offering.name} is for adults. ${child.firstName} can be registered in a Kids Sports league.`, {
        childId: `${offering.name} is for adults.`,
      })
    }
    const age = ageOn(child.dateOfBirth, offering.startDate)
    if ((offering.minAge !== null && age < offering.minAge) || (offering.maxAge !== null && age > offering.maxAge)) {
      const range = ageRangeText(offering.minAge, offering.maxAge)
      throw badRequest(`${child.firstName} will be ${age} when ${offering.name} starts; this league is for ${range}.`, {
        childId: `${child.firstName} is outside this league's age range (${range}).`,
      })
    }
  }

  if (!offering.waiverRequired) return { childId, waiverVersion: null }
  const waiver = await currentWaiverSigned(db, ask.userId, participantKeyOf(childId))
  if (!waiver.signed) throw new HttpError(409, 'Please sign the current waiver before registering.', { waiver: 'WAIVER_REQUIRED' })
  return { childId, waiverVersion: waiver.version }
}

export interface PlaceRequest extends Admission {
  offering: Offering
  userId: string
  idempotencyKey: string | null
  now: Date
  /** The facility day, for the price (an early-bird price ends with a day). */
  today: string
  siteUrl: string
  /** The team a team place is taken for (a roster place names its team on its offering). */
  teamId?: string
  /** Set: a full offering refuses with this message instead of a waitlist position (a roster). */
  whenFull?: string
  /** No email: the caller sends one for the whole operation. */
  quiet?: boolean
  /** The history entry, when someone else takes the place for the person (staff placing a player). */
  event?: { action: string; actorId: string; details: Record<string, unknown> }
}

/**
 * Takes a place while places last, a waitlist position after. A repeat of the same request —
 * double click, refresh, retry with the same Idempotency-Key, or two requests racing — answers
 * with the one registration that exists.
 */
export async function takePlace(db: Db, req: PlaceRequest): Promise<RegisterResult> {
  const participantKey = participantKeyOf(req.childId)
  const existing = await findExisting(db, req, participantKey)
  if (existing) return existing

  const id = randomUUID()
  const priceCents = priceOn(req.offering, req.today)
  try {
    const registration = await inTransaction(db, async (tx) => {
      const { seq, placed } = req.whenFull === undefined ? await takePlaceOrQueue(tx, req.offering.id) : await placeOrRefuse(tx, req.offering.id, req.whenFull)
      const at = timestampParam(tx.dialect, req.now)
      await tx.kysely
        .insertInto('registrations')
        .values({
          id,
          offeringId: req.offering.id,
          userId: req.userId,
          participantKey,
          childId: req.childId,
          status: placed ? 'confirmed' : 'waitlisted',
          seq,
          receiptNumber: receiptNumber(req.offering, seq),
          idempotencyKey: req.idempotencyKey,
          offerExpiresAt: null,
          waiverVersion: req.waiverVersion,
          teamId: req.offering.teamId ?? req.teamId ?? null,
          // A player's place in a team league (docs/decisions/0015): one per league and participant.
          leagueSlot: req.offering.kind === 'roster-place' ? req.offering.leagueId : null,
          createdAt: at,
          updatedAt: at,
        })
        .execute()
      await createOrder(tx, {
        payerUserId: req.userId,
        lines: [
          {
            registrationId: id,
            productId: req.offering.productId,
            description: req.offering.name,
            listPriceCents: req.offering.listPriceCents,
            amountDueCents: priceCents,
          },
        ],
        now: req.now,
      })
      await logEvent(tx, { registrationId: id, action: placed ? 'confirmed' : 'waitlisted', actorId: req.userId, ...req.event, now: req.now })
      const view = await findRegistrationView(tx, id)
      if (!view) throw new Error(`registration ${id} not readable inside its own transaction`)
      if (!req.quiet) await enqueueEmail(tx, placed ? confirmationEmail(req.siteUrl, view) : waitlistedEmail(req.siteUrl, view), req.now)
      return view
    })
    return { registration, created: true }
  } catch (error) {
    // Lost a race against the same person's other request: the unique indexes kept one row.
    const winner = await findExisting(db, req, participantKey)
    if (winner) return winner
    throw error
  }
}

async function placeOrRefuse(tx: Db, offeringId: string, whenFull: string): Promise<{ seq: number; placed: true }> {
  const seq = await takePlaceIfFree(tx, offeringId)
  if (seq === undefined) throw conflict(whenFull)
  return { seq, placed: true }
}

async function findExisting(db: Db, req: PlaceRequest, participantKey: string): Promise<RegisterResult | undefined> {
  const row = await db.kysely
    .selectFrom('registrations')
    .select(['id', 'offeringId', 'participantKey'])
    .where('userId', '=', req.userId)
    .where((eb) => {
      const live = eb.and([
        eb('offeringId', '=', req.offering.id),
        eb('participantKey', '=', participantKey),
        eb('status', 'in', ['confirmed', 'offered', 'waitlisted']),
      ])
      return req.idempotencyKey ? eb.or([live, eb('idempotencyKey', '=', req.idempotencyKey)]) : live
    })
    .executeTakeFirst()
  if (!row) return undefined
  if (row.offeringId !== req.offering.id || row.participantKey !== participantKey) {
    throw conflict('This Idempotency-Key was already used for a different registration. Send a new key.')
  }
  const registration = await findRegistrationView(db, row.id)
  return registration && { registration, created: false }
}
