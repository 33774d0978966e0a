import type { Db } from '../../db/connect.ts'
import { toBool } from '../../db/values.ts'
import { earlyBirdOf } from '../../core/payments/products.queries.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { updateProgram } from '../../core/registrations/programs.ts'
import type { AdminCamp } from '../../../shared/contracts/camps.ts'
import { CAMP_PLACES, campColumns, campFacts, campsWithPlaces, insertCamp, type NewCamp } from './camps.queries.ts'

/** Every camp with its places, open ones first, then the soonest. */
export async function listCampsForAdmin(db: Db): Promise<AdminCamp[]> {
  const rows = await campsWithPlaces(db).select(['p.earlyBirdPriceCents', 'p.earlyBirdUntil']).orderBy('k.isActive', 'desc').orderBy('k.startDate').orderBy('k.name').execute()
  return rows.map(toAdminCamp)
}

export async function findCampForAdmin(db: Db, campId: string): Promise<AdminCamp | undefined> {
  const row = await campsWithPlaces(db).select(['p.earlyBirdPriceCents', 'p.earlyBirdUntil']).where('k.id', '=', campId).executeTakeFirst()
  return row && toAdminCamp(row)
}

function toAdminCamp(row: Parameters<typeof campFacts>[0] & Parameters<typeof earlyBirdOf>[0]): AdminCamp {
  return { ...campFacts(row), isActive: toBool(row.isActive), earlyBird: earlyBirdOf(row), capacity: row.capacity, minimum: row.minimum, placesTaken: row.placesTaken, payAtSignUp: toBool(row.payAtSignUp) }
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
  const changed = await updateProgram(
    db,
    CAMP_PLACES,
    campId,
    settings,
    (tx, stamp) => tx.kysely.updateTable('camps').set({ ...campColumns(tx.dialect, settings), updatedAt: stamp }).where('id', '=', campId).execute(),
    (tx) => findCampForAdmin(tx, campId),
    ctx,
  )
  return changed && { camp: changed.saved, offered: changed.offered }
}
