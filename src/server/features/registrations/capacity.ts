import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'

/**
 * The capacity decision: ONE conditional UPDATE, valid on both databases, takes a place if
 * one is left and hands out the next sequence number in the same statement. Never a count
 * followed by an insert (STYLE.md, STACK-NOTES.md). On PostgreSQL the updated row stays
 * locked until the transaction ends, so the rest of the registration commits in order.
 */
export async function takePlaceOrQueue(tx: Db, leagueId: string): Promise<{ seq: number; placed: boolean }> {
  const placed = await tx.kysely
    .updateTable('leagues')
    .set((eb) => ({ placesTaken: eb('placesTaken', '+', 1), registrationSeq: eb('registrationSeq', '+', 1) }))
    .where('id', '=', leagueId)
    .where((eb) => eb.or([eb('capacity', 'is', null), eb('placesTaken', '<', eb.ref('capacity'))]))
    .returning('registrationSeq')
    .executeTakeFirst()
  if (placed) return { seq: placed.registrationSeq, placed: true }
  const queued = await tx.kysely
    .updateTable('leagues')
    .set((eb) => ({ registrationSeq: eb('registrationSeq', '+', 1) }))
    .where('id', '=', leagueId)
    .returning('registrationSeq')
    .executeTakeFirstOrThrow()
  return { seq: queued.registrationSeq, placed: false }
}

/** Takes a free place for someone already waiting; false when the league is full. */
export async function takeFreePlace(tx: Db, leagueId: string): Promise<boolean> {
  const result = await tx.kysely
    .updateTable('leagues')
    .set((eb) => ({ placesTaken: eb('placesTaken', '+', 1) }))
    .where('id', '=', leagueId)
    .where((eb) => eb.or([eb('capacity', 'is', null), eb('placesTaken', '<', eb.ref('capacity'))]))
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function releasePlace(tx: Db, leagueId: string): Promise<void> {
  await tx.kysely
    .updateTable('leagues')
    .set({ placesTaken: sql<number>`${sql.ref('placesTaken')} - 1` })
    .where('id', '=', leagueId)
    .where('placesTaken', '>', 0)
    .execute()
}
