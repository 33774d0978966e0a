import type { Db } from '../../db/connect.ts'
import { toBool } from '../../db/values.ts'
import type { ChangeContext } from '../../core/registrations/kinds.ts'
import { programSport, updateProgram } from '../../core/registrations/programs.ts'
import { earlyBirdOf } from '../../core/payments/products.queries.ts'
import { readSchedule } from '../../../shared/academy-schedule.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import { ACADEMY_PLACES, academyColumns, insertAcademy, type NewAcademy } from './academies.queries.ts'

/** Every academy with its places, open ones first, then by first session. */
function academiesWithPlaces(db: Db) {
  return db.kysely
    .selectFrom('academies as a')
    .innerJoin('offerings as o', (join) => join.onRef('o.academyId', '=', 'a.id').on('o.kind', '=', 'academy-place'))
    .leftJoin('products as p', 'p.id', 'o.productId')
    .selectAll('a')
    .select(['p.listPriceCents', 'p.earlyBirdPriceCents', 'p.earlyBirdUntil', 'o.capacity', 'o.minimum', 'o.placesTaken', 'o.waiting'])
    .orderBy('a.isActive', 'desc')
    .orderBy('a.startDate')
    .orderBy('a.name')
}

type Row = Awaited<ReturnType<ReturnType<typeof academiesWithPlaces>['execute']>>[number]

function toAdminAcademy(row: Row): AdminAcademy {
  const { weekdays, skippedDates, sessionDates } = readSchedule(row)
  return {
    id: row.id,
    name: row.name,
    sport: programSport(row.sport),
    description: row.description,
    coach: row.coach,
    location: row.location,
    isActive: toBool(row.isActive),
    forChildren: toBool(row.forChildren),
    minAge: row.minAge,
    maxAge: row.maxAge,
    weekdays,
    startTime: row.startTime,
    endTime: row.endTime,
    skippedDates,
    sessionDates,
    registrationDate: row.registrationDate,
    registrationDeadline: row.registrationDeadline,
    startDate: row.startDate,
    endDate: row.endDate,
    priceCents: row.listPriceCents ?? 0,
    earlyBird: earlyBirdOf(row),
    capacity: row.capacity,
    minimum: row.minimum,
    placesTaken: row.placesTaken,
    waitlistSize: row.waiting,
    waiverRequired: toBool(row.waiverRequired),
    payAtSignUp: toBool(row.payAtSignUp),
  }
}

export async function listAcademiesForAdmin(db: Db): Promise<AdminAcademy[]> {
  return (await academiesWithPlaces(db).execute()).map(toAdminAcademy)
}

export async function findAcademyForAdmin(db: Db, academyId: string): Promise<AdminAcademy | undefined> {
  const row = await academiesWithPlaces(db).where('a.id', '=', academyId).executeTakeFirst()
  return row && toAdminAcademy(row)
}

export async function createAcademy(db: Db, settings: NewAcademy): Promise<AdminAcademy> {
  const id = await insertAcademy(db, settings)
  const created = await findAcademyForAdmin(db, id)
  if (!created) throw new Error(`academy ${id} vanished after it was created`)
  return created
}

/**
 * Staff changed an academy: its row, its places and price in one transaction; a higher capacity
 * offers the new places to the waitlist at once, as for a league.
 */
export async function updateAcademy(
  db: Db,
  academyId: string,
  settings: NewAcademy,
  ctx: ChangeContext,
): Promise<{ academy: AdminAcademy; offered: number } | undefined> {
  const changed = await updateProgram(
    db,
    ACADEMY_PLACES,
    academyId,
    settings,
    (tx, stamp) => tx.kysely.updateTable('academies').set({ ...academyColumns(tx.dialect, settings), updatedAt: stamp }).where('id', '=', academyId).execute(),
    (tx) => findAcademyForAdmin(tx, academyId),
    ctx,
  )
  return changed && { academy: changed.saved, offered: changed.offered }
}
