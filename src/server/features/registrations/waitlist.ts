import type { Db } from '../../db/connect.ts'
import { createPeriodic } from '../../periodic.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { enqueueEmail } from '../mail/outbox.queries.ts'
import { releasePlace, takeFreePlace } from './capacity.ts'
import { cancellationEmail, offerEmail } from './registration-emails.ts'
import { changeStatus, findRegistrationView, logEvent } from './registrations.queries.ts'
import { followEnding } from './offering-rules.ts'

export interface WaitlistContext {
  now: Date
  claimWindowMs: number
  siteUrl: string
}

/**
 * Gives free places to the waitlist, first come first served: each promoted person gets an
 * offer with a claim window and an email. Runs inside the transaction that freed the place,
 * so nobody registering at the same moment can take it first.
 */
export async function offerFreePlaces(tx: Db, offeringId: string, ctx: WaitlistContext): Promise<number> {
  let offered = 0
  for (;;) {
    const next = await tx.kysely
      .selectFrom('registrations')
      .select('id')
      .where('offeringId', '=', offeringId)
      .where('status', '=', 'waitlisted')
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst()
    if (!next || !(await takeFreePlace(tx, offeringId))) return offered
    const expires = new Date(ctx.now.getTime() + ctx.claimWindowMs)
    if (!(await changeStatus(tx, next.id, ['waitlisted'], 'offered', ctx.now, expires))) {
      // Someone else moved this person first; give the place back and look again.
      await releasePlace(tx, offeringId)
      continue
    }
    await logEvent(tx, { registrationId: next.id, action: 'offered', actorId: null, details: { offerExpiresAt: expires.toISOString() }, now: ctx.now })
    const view = await findRegistrationView(tx, next.id)
    if (view) await enqueueEmail(tx, offerEmail(ctx.siteUrl, view), ctx.now)
    offered++
  }
}

/** The person takes the place they were offered. */
export async function claimOffer(db: Db, registrationId: string, userId: string, now: Date): Promise<'claimed' | 'not-offered' | 'expired'> {
  return inTransaction(db, async (tx) => {
    const row = await tx.kysely
      .selectFrom('registrations')
      .select(['status', 'offerExpiresAt'])
      .where('id', '=', registrationId)
      .where('userId', '=', userId)
      .executeTakeFirst()
    if (!row || row.status !== 'offered') return 'not-offered'
    if (row.offerExpiresAt !== null && new Date(row.offerExpiresAt).getTime() <= now.getTime()) return 'expired'
    if (!(await changeStatus(tx, registrationId, ['offered'], 'confirmed', now))) return 'not-offered'
    await logEvent(tx, { registrationId, action: 'claimed', actorId: userId, now })
    return 'claimed'
  })
}

/**
 * Offers whose claim window has passed go to the next person. Safe to run from every
 * instance at once: each expiry is a conditional status change.
 */
export async function expireOffers(db: Db, ctx: WaitlistContext): Promise<number> {
  const due = await offersDue(db, ctx.now).execute()
  let expired = 0
  for (const offer of due) {
    const done = await inTransaction(db, async (tx) => {
      if (!(await changeStatus(tx, offer.id, ['offered'], 'expired', ctx.now))) return false
      await releasePlace(tx, offer.offeringId)
      await logEvent(tx, { registrationId: offer.id, action: 'offer-expired', actorId: null, now: ctx.now })
      const view = await findRegistrationView(tx, offer.id)
      if (view) await enqueueEmail(tx, cancellationEmail(ctx.siteUrl, view, 'expired'), ctx.now)
      await offerFreePlaces(tx, offer.offeringId, ctx)
      if (view) await followEnding(tx, { registrationId: offer.id, kind: view.kind, teamId: view.team?.id ?? null }, { actorId: null, refund: false, ctx })
      return true
    })
    if (done) expired++
  }
  return expired
}

/** Up to a hundred offers whose claim window has passed at `now` (found through migration 0014's index). */
export function offersDue(db: Db, now: Date) {
  return db.kysely
    .selectFrom('registrations')
    .select(['id', 'offeringId'])
    .where('status', '=', 'offered')
    .where('offerExpiresAt', '<=', timestampParam(db.dialect, now))
    .limit(100)
}

/** Looks for lapsed offers every `everyMs` on each instance. */
export function createOfferSweeper(opts: {
  db: Db
  claimWindowMs: number
  siteUrl: string
  log: { error(obj: unknown, msg: string): void }
  now: () => Date
  everyMs?: number
}) {
  return createPeriodic({
    everyMs: opts.everyMs ?? 30_000,
    work: () => expireOffers(opts.db, { now: opts.now(), claimWindowMs: opts.claimWindowMs, siteUrl: opts.siteUrl }),
    log: opts.log,
    failure: 'expiring waitlist offers failed',
  })
}
