import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam, toBool } from '../../db/values.ts'
import { updateOffering } from '../../core/registrations/offerings.queries.ts'
import { offerFreePlaces } from '../../core/registrations/waitlist.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import type { AdminCamp } from '../../../shared/contracts/camps.ts'
import { campColumns, campFacts, campsWithPlaces, insertCamp, type NewCamp } from './camps.queries.ts'

/** Every camp with its places, open ones first, then the soonest. */
export async function listCampsForAdmin(db: Db): Promise<AdminCamp[]> {
  const rows = await campsWithPlaces(db).orderBy('k.isActive', 'desc').orderBy('k.startDate').orderBy('k.name').execute()
  return rows.map(toAdminCamp)
}

export async function findCampForAdmin(db: Db, campId: string): Promise<AdminCamp | undefined> {
  const row = await campsWithPlaces(db).where('k.id', '=', campId).executeTakeFirst()
  return row && toAdminCamp(row)
}

function toAdminCamp(row: Parameters<typeof campFacts>[0]): AdminCamp {
  return { ...campFacts(row), isActive: toBool(row.isActive), capacity: row.capacity, placesTaken: row.placesTaken, payAtSignUp: toBool(row.payAtSignUp) }
}

export async function createCamp(db: Db, settings: NewCamp, now: Date): Promise<AdminCamp> {
  const id = await insertCamp(db, settings, now)
  const created = await findCampForAdmin(db, id)
  if (!created) throw new Error(`camp ${id} vanished after it was created`)
  return created
}

/**
 * Staff changed a camp: its row, its places and price in one transaction; a higher capacity offers
 * the new places to the waitlist at once, as for an academy.
 */
export async function updateCamp(db: Db, campId: string, settings: NewCamp, ctx: ChangeContext): Promise<{ camp: AdminCamp; offered: number } | undefined> {
  return inTransaction(db, async (tx) => {
    const places = await updateOffering(
      tx,
      { kind: 'camp-place', owner: { column: 'campId', id: campId }, name: settings.name, capacity: settings.capacity, priceCents: settings.priceCents, productId: settings.priceProductId ?? null },
      ctx.now,
    )
    if (!places) return undefined
    await tx.kysely
      .updateTable('camps')
      .set({ ...campColumns(tx.dialect, settings), updatedAt: timestampParam(tx.dialect, ctx.now) })
      .where('id', '=', campId)
      .execute()
    const raised = places.capacityBefore !== null && (settings.capacity === null || settings.capacity > places.capacityBefore)
    const offered = raised ? await offerFreePlaces(tx, places.offeringId, ctx) : 0
    const camp = await findCampForAdmin(tx, campId)
    return camp && { camp, offered }
  })
}
