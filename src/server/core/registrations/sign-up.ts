import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { participantKeyOf } from '../../../shared/schemas/registration.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { findChild } from '../children.queries.ts'
import { openOrder } from '../payments/orders.queries.ts'
import { conflict, invalid, Refusal } from '../refusals.ts'
import { admit, type Admission } from './admission.ts'
import { takePlace, type PlaceRequest } from './engine.ts'
import type { Kinds } from './kinds.ts'
import type { Offering } from './offerings.queries.ts'

/** Who takes part: the account holder (a null childId) or one of their children, each with a photo-consent choice. */
export interface Participant {
  childId: string | null
  photoConsent: boolean
}

export interface SignUpRequest {
  participants: readonly Participant[]
  offering: Offering
  userId: string
  /** The request's Idempotency-Key: each participant's place is keyed by it and by who they are. */
  idempotencyKey: string | null
  now: Date
  today: string
  siteUrl: string
  kinds: Kinds
  /** The site takes card payments: confirmations with a balance link the checkout. */
  paysOnline?: boolean
  /** Set: the places taken are held until then while the family pays (pay at sign-up). */
  holdUntil?: Date
  /** The most live places one account may hold in the offering (admission.ts); null: no limit (staff). */
  placesPerAccount: number | null
  /** Set: the places' history names who took them for the family (the desk). */
  event?: PlaceRequest['event']
  staff?: PlaceRequest['staff']
}

export interface SignUpResult {
  /** One per participant, in the order sent. */
  registrations: RegistrationView[]
  /** False when this answer repeats an earlier sign-up (double submit, retry). */
  created: boolean
}

/**
 * Signs several people up for one offering as one action (an academy, issue 23; a camp, issue
 * 31): everyone is admitted first — ages on the first day, the waiver — so a refusal takes no
 * place; then each takes a place or a waitlist position, in the order sent, on one order paid by
 * one payment. One participant goes through the engine's grouped path like any single registration.
 */
export async function signUpParticipants(db: Db, req: SignUpRequest): Promise<SignUpResult> {
  const keys = req.participants.map((p) => participantKeyOf(p.childId))
  if (new Set(keys).size !== keys.length) throw invalid('Each person can be signed up once.', { participants: 'Each person can be signed up once.' })
  const admissions: Admission[] = []
  for (const participant of req.participants) admissions.push(await admitParticipant(db, req, participant.childId))

  const places: PlaceRequest[] = req.participants.map((participant, i) => ({
    ...admissions[i]!,
    offering: req.offering,
    userId: req.userId,
    idempotencyKey: req.idempotencyKey && `${req.idempotencyKey}:${keys[i]!}`,
    now: req.now,
    today: req.today,
    siteUrl: req.siteUrl,
    kinds: req.kinds,
    paysOnline: req.paysOnline,
    photoConsent: participant.photoConsent,
    holdUntil: req.holdUntil,
    event: req.event,
    staff: req.staff,
  }))
  if (places.length === 1) {
    const { registration, created } = await takePlace(db, places[0]!)
    return { registrations: [registration], created }
  }
  return inTransaction(db, async (tx) => {
    const orderId = await openOrder(tx, req.userId, req.now)
    const taken = []
    for (const place of places) taken.push(await takePlace(tx, { ...place, orderId }))
    const created = taken.some((t) => t.created)
    // Everyone already had their place (a repeat): the order no place joined is not kept.
    if (!created) await tx.kysely.deleteFrom('orders').where('id', '=', orderId).execute()
    return { registrations: taken.map((t) => t.registration), created }
  })
}

/** The engine's admission, with a waiver refusal naming whom it is for, so the page asks for the right signature. */
async function admitParticipant(db: Db, req: SignUpRequest, childId: string | null): Promise<Admission> {
  try {
    return await admit(db, req.offering, { userId: req.userId, childId, today: req.today, placesPerAccount: req.placesPerAccount })
  } catch (error) {
    if (!(error instanceof Refusal) || error.fields?.waiver !== 'WAIVER_REQUIRED') throw error
    const child = childId ? await findChild(db, req.userId, childId) : undefined
    const message = child ? `Please sign the current waiver for ${child.firstName} before signing up.` : 'Please sign the current waiver before signing up.'
    throw conflict(message, { waiver: 'WAIVER_REQUIRED', participant: participantKeyOf(childId) })
  }
}
