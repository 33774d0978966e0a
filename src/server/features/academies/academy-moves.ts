import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { conflict, invalid, notFound, Refusal } from '../../core/refusals.ts'
import { moveLinePayments } from '../../core/payments/orders.queries.ts'
import { admitParticipant, type Admission } from '../../core/registrations/admission.ts'
import { holdOffering, releasePlace } from '../../core/registrations/capacity.ts'
import { takePlace } from '../../core/registrations/engine.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { type Offering } from '../../core/registrations/offerings.queries.ts'
import { findAcademyOffering } from './academy-kind.ts'
import { changedRegistration, changeStatus, logEvent } from '../../core/registrations/registrations.queries.ts'
import { offerFreePlaces } from '../../core/registrations/waitlist.ts'

export interface MoveRequest {
  registrationId: string
  toAcademyId: string
  actorId: string
  /** The facility day, for the new place's price. */
  today: string
  ctx: ChangeContext
}

/**
 * Staff move a participant to another open academy, as a player between teams (teams/
 * placement.ts). One transaction: the old place ends as `moved`, a place is taken in the other
 * academy within its capacity (never a waitlist position: a full academy refuses), what was paid
 * follows to the new place's line, and the place left is offered to the old academy's waitlist.
 * The guardian gets the new place's confirmation.
 */
export async function moveParticipant(db: Db, req: MoveRequest): Promise<RegistrationView> {
  const from = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select(['r.id', 'r.userId', 'r.childId', 'r.status', 'r.photoConsent', 'o.id as offeringId', 'o.kind', 'o.academyId', 'c.firstName', 'u.displayName'])
    .where('r.id', '=', req.registrationId)
    .executeTakeFirst()
  if (!from || from.kind !== 'academy-place') throw notFound('There is no such academy participant.')
  if (from.status !== 'confirmed') throw conflict(`Only a confirmed place can be moved; this one is ${STATUS_LABELS[from.status].toLowerCase()}.`)
  if (from.academyId === req.toAcademyId) throw conflict('This participant is already in this academy.')
  const offering = await findAcademyOffering(db, req.toAcademyId)
  if (!offering) throw notFound('There is no such open academy to move to.')
  const who = from.firstName ?? from.displayName
  const admission = await admitted(db, offering, { userId: from.userId, childId: from.childId }, who)
  const { now, siteUrl } = req.ctx

  return inTransaction(db, async (tx) => {
    // Both academies' rows in one order, so two moves in opposite directions never wait for each other.
    for (const offeringId of [from.offeringId, offering.id].sort()) await holdOffering(tx, offeringId)
    if (!(await changeStatus(tx, from.id, ['confirmed'], 'moved', now))) throw conflict('This participant’s place changed meanwhile. Reload and try again.')
    await releasePlace(tx, from.offeringId)
    const placed = await takePlace(tx, {
      ...admission,
      offering,
      userId: from.userId,
      idempotencyKey: null,
      now,
      today: req.today,
      siteUrl,
      kinds: req.ctx.kinds,
      whenFull: `${offering.name} is full: there is no place to move ${who} to.`,
      event: { action: 'placed', actorId: req.actorId, details: { fromRegistration: from.id } },
    })
    if (!placed.created) throw conflict(`${who} already has a place in ${offering.name}.`)
    const to = placed.registration.id
    await moveLinePayments(tx, from.id, to)
    // The guardian's photo choice was made for the participant, not for one academy.
    if (from.photoConsent !== null) await tx.kysely.updateTable('registrations').set({ photoConsent: from.photoConsent }).where('id', '=', to).execute()
    await logEvent(tx, { registrationId: from.id, action: 'moved', actorId: req.actorId, details: { toAcademy: offering.name, toRegistration: to }, now })
    await offerFreePlaces(tx, from.offeringId, req.ctx)
    return changedRegistration(tx, req.ctx.kinds, to)
  })
}

/**
 * Whether the participant fits the other academy: children or adults, its ages, its waiver —
 * said to staff, who are the ones moving them.
 */
async function admitted(db: Db, offering: Offering, ask: { userId: string; childId: string | null }, who: string): Promise<Admission> {
  if (offering.forChildren && ask.childId === null) throw invalid(`${offering.name} is for children; ${who} is an adult.`)
  try {
    return await admitParticipant(db, offering, ask)
  } catch (error) {
    if (error instanceof Refusal && error.fields?.waiver) throw conflict(`${offering.name} needs the current waiver, and it is not signed for ${who}: sign it on the customer’s record at the front desk first.`)
    throw error
  }
}
