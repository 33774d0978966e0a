import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam, toBool } from '../../db/values.ts'
import { earlyBirdOf } from '../../core/payments/products.queries.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { updateProgram } from '../../core/registrations/programs.ts'
import { conflict, notFound } from '../../core/refusals.ts'
import type { AdminDropIn } from '../../../shared/contracts/drop-ins.ts'
import { DROP_IN_MESSAGES } from '../../../shared/schemas/drop-in.ts'
import { checkedInOf, DROP_IN_PLACES, dropInColumns, dropInFacts, dropInsWithPlaces, insertDropIn, spotsOf, type NewDropIn } from './drop-ins.queries.ts'

/** Every drop-in with its headcount, open ones first, then by day and hour. */
export async function listDropInsForAdmin(db: Db): Promise<AdminDropIn[]> {
  const rows = await dropInsWithPlaces(db).select(['p.earlyBirdPriceCents', 'p.earlyBirdUntil']).orderBy('d.isActive', 'desc').orderBy('d.date').orderBy('d.startTime').orderBy('d.name').execute()
  return rows.map(toAdminDropIn)
}

export async function findDropInForAdmin(db: Db, dropInId: string): Promise<(AdminDropIn & { offeringId: string }) | undefined> {
  const row = await dropInsWithPlaces(db).select(['p.earlyBirdPriceCents', 'p.earlyBirdUntil']).where('d.id', '=', dropInId).executeTakeFirst()
  return row && { ...toAdminDropIn(row), offeringId: row.offeringId }
}

function toAdminDropIn(row: Parameters<typeof dropInFacts>[0] & Parameters<typeof earlyBirdOf>[0]): AdminDropIn {
  return {
    ...dropInFacts(row),
    isActive: toBool(row.isActive),
    earlyBird: earlyBirdOf(row),
    capacity: spotsOf(row),
    placesTaken: row.placesTaken,
    checkedIn: checkedInOf(row),
    payAtSignUp: toBool(row.payAtSignUp),
  }
}

export async function createDropIn(db: Db, settings: NewDropIn, now: Date): Promise<AdminDropIn> {
  const id = await insertDropIn(db, settings, now)
  const created = await findDropInForAdmin(db, id)
  if (!created) throw new Error(`drop-in ${id} vanished after it was created`)
  return created
}

/**
 * Staff changed a drop-in: its row, its spots and price in one transaction; more spots offer the
 * new places to the waitlist at once, as for a camp.
 */
export async function updateDropIn(db: Db, dropInId: string, settings: NewDropIn, ctx: ChangeContext): Promise<{ dropIn: AdminDropIn; offered: number } | undefined> {
  const changed = await updateProgram(
    db,
    DROP_IN_PLACES,
    dropInId,
    settings,
    (tx, stamp) => tx.kysely.updateTable('dropIns').set({ ...dropInColumns(tx.dialect, settings), updatedAt: stamp }).where('id', '=', dropInId).execute(),
    (tx) => findDropInForAdmin(tx, dropInId),
    ctx,
  )
  return changed && { dropIn: changed.saved, offered: changed.offered }
}

/** The registration ids of a drop-in's places checked in at the door. */
export async function checkedInIds(db: Db, offeringId: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom('dropInCheckIns as ci')
    .innerJoin('registrations as r', 'r.id', 'ci.registrationId')
    .select('ci.registrationId')
    .where('r.offeringId', '=', offeringId)
    .execute()
  return new Set(rows.map((row) => row.registrationId))
}

/**
 * Checks a person in at the door, or undoes it, and answers the drop-in's headcount. Only a
 * confirmed place is checked in: a place held for payment, offered or waitlisted is not one yet.
 */
export async function setCheckedIn(db: Db, registrationId: string, checkedIn: boolean, by: { staffId: string; now: Date; record?: (tx: Db, was: boolean) => Promise<void> }) {
  return inTransaction(db, async (tx) => {
    const place = await tx.kysely
      .selectFrom('registrations as r')
      .innerJoin('offerings as o', 'o.id', 'r.offeringId')
      .select(['r.id', 'r.status', 'o.dropInId'])
      .where('r.id', '=', registrationId)
      .where('o.kind', '=', 'drop-in-place')
      .executeTakeFirst()
    if (!place || place.dropInId === null) throw notFound('There is no such drop-in place.')
    let changed
    if (checkedIn) {
      if (place.status !== 'confirmed') throw conflict(DROP_IN_MESSAGES.notConfirmed)
      const added = await tx.kysely
        .insertInto('dropInCheckIns')
        .values({ registrationId, checkedInAt: timestampParam(tx.dialect, by.now), checkedInBy: by.staffId })
        .onConflict((oc) => oc.column('registrationId').doNothing())
        .executeTakeFirst()
      changed = (added.numInsertedOrUpdatedRows ?? 0n) > 0n
    } else {
      changed = (await tx.kysely.deleteFrom('dropInCheckIns').where('registrationId', '=', registrationId).executeTakeFirst()).numDeletedRows > 0n
    }
    // The audit entry of a change made, as the write tells it: a repeated tap, even one at the same moment, changes nothing and writes none.
    if (changed) await by.record?.(tx, !checkedIn)
    const dropIn = await findDropInForAdmin(tx, place.dropInId)
    if (!dropIn) throw notFound('There is no such drop-in place.')
    return { registrationId, checkedIn, headcount: { capacity: dropIn.capacity, placesTaken: dropIn.placesTaken, checkedIn: dropIn.checkedIn } }
  })
}
