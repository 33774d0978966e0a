import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'

/**
 * The capacity decision: ONE conditional UPDATE, valid on both databases, takes a place if
 * one is left and hands out the next sequence number in the same statement. Never a count
 * followed by an insert (STYLE.md, STACK-NOTES.md). On PostgreSQL the updated row stays
 * locked until the transaction ends, so the rest of the registration commits in order.
 */
export async function takePlaceOrQueue(tx: Db, offeringId: string): Promise<{ seq: number; placed: boolean }> {
  const seq = await takePlaceIfFree(tx, offeringId)
  if (seq !== undefined) return { seq, placed: true }
  const queued = await tx.kysely
    .updateTable('offerings')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', offeringId)
    .returning('seq')
    .executeTakeFirstOrThrow()
  return { seq: queued.seq, placed: false }
}

/** Takes a place if one is left, with its sequence number; undefined when the offering is full. */
export async function takePlaceIfFree(tx: Db, offeringId: string): Promise<number | undefined> {
  const placed = await tx.kysely
    .updateTable('offerings')
    .set((eb) => ({ placesTaken: eb('placesTaken', '+', 1), seq: eb('seq', '+', 1) }))
    .where('id', '=', offeringId)
    .where((eb) => eb.or([eb('capacity', 'is', null), eb('placesTaken', '<', eb.ref('capacity'))]))
    .returning('seq')
    .executeTakeFirst()
  return placed?.seq
}

/** Takes a free place for someone already waiting; false when the offering is full. */
export async function takeFreePlace(tx: Db, offeringId: string): Promise<boolean> {
  const result = await tx.kysely
    .updateTable('offerings')
    .set((eb) => ({ placesTaken: eb('placesTaken', '+', 1) }))
    .where('id', '=', offeringId)
    .where((eb) => eb.or([eb('capacity', 'is', null), eb('placesTaken', '<', eb.ref('capacity'))]))
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function releasePlace(tx: Db, offeringId: string): Promise<void> {
  await tx.kysely
    .updateTable('offerings')
    .set({ placesTaken: sql<number>`${sql.ref('placesTaken')} - 1` })
    .where('id', '=', offeringId)
    .where('placesTaken', '>', 0)
    .execute()
}
