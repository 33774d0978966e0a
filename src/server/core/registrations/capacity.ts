import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import type { Write } from '../../db/transaction.ts'

/** What a request asks when the offering is full: a waitlist position, or nothing (a roster). */
export type WhenFull = 'wait' | 'refuse'

/** A request's outcome: a place, a waitlist position (both numbered), or refused as full. */
export type Taken = { seq: number; placed: boolean } | null

/** An offering's counters, read with its row held until the transaction ends. */
export interface HeldCounters {
  offeringId: string
  capacity: number | null
  placesTaken: number
  seq: number
  waiting: number
}

/**
 * Holds the offering's row (PostgreSQL: FOR UPDATE until the transaction ends; SQLite: the
 * transaction began IMMEDIATE and is the only writer) and reads its counters, so no two
 * transactions decide from the same count (docs/decisions/0006). Never a count of registrations
 * followed by an insert (STYLE.md, STACK-NOTES.md).
 */
export async function holdCounters(tx: Db, offeringId: string): Promise<HeldCounters> {
  let held = tx.kysely.selectFrom('offerings').select(['capacity', 'placesTaken', 'seq', 'waiting']).where('id', '=', offeringId)
  if (tx.dialect === 'postgres') held = held.forUpdate()
  return { offeringId, ...(await held.executeTakeFirstOrThrow()) }
}

/** An offering's counters: places taken, the last number given, registrations waiting. */
export type Counters = Pick<HeldCounters, 'placesTaken' | 'seq' | 'waiting'>

/**
 * The capacity decision for requests in the order they came, from the held counters: places while
 * they last, then waitlist positions (or refusals), each numbered. The new counters come back as
 * one write for the caller to send with the rows it makes from the decision, so a batch of a
 * hundred requests costs the same as one.
 */
export function decidePlaces(tx: Db, held: HeldCounters, asks: readonly WhenFull[]): { taken: Taken[]; counters: Write } {
  const { taken, counters } = decide(held, asks)
  return { taken, counters: tx.kysely.updateTable('offerings').set(counters).where('id', '=', held.offeringId) }
}

/** The decision itself: what each request gets, and the counters after. */
export function decide(held: Counters & Pick<HeldCounters, 'capacity'>, asks: readonly WhenFull[]): { taken: Taken[]; counters: Counters } {
  let { placesTaken, seq, waiting } = held
  const taken = asks.map((ask): Taken => {
    if (held.capacity === null || placesTaken < held.capacity) {
      placesTaken++
      return { seq: ++seq, placed: true }
    }
    if (ask === 'refuse') return null
    waiting++
    return { seq: ++seq, placed: false }
  })
  return { taken, counters: { placesTaken, seq, waiting } }
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

/**
 * Takes the offering's row for the rest of the transaction (PostgreSQL; SQLite runs one writer at
 * a time), before any of its registrations: the order every transaction that takes places or
 * moves people in and out of the waitlist follows, so two of them cannot wait for each other.
 */
export async function holdOffering(tx: Db, offeringId: string): Promise<void> {
  if (tx.dialect === 'postgres') await holdCounters(tx, offeringId)
}

/**
 * Holds the offerings of an order's places, by id (PostgreSQL). A change of money that may
 * confirm or release a place takes them before the order's row, as ending a place does (the
 * offering, then the order: payments/orders.queries.ts `holdOrder`), so neither waits on the other
 * in a circle.
 */
export async function holdOfferingsOfOrder(tx: Db, orderId: string): Promise<void> {
  if (tx.dialect !== 'postgres') return
  await tx.kysely
    .selectFrom('offerings')
    .select('id')
    .where('id', 'in', (eb) => eb.selectFrom('registrations as r').innerJoin('orderLines as line', 'line.registrationId', 'r.id').select('r.offeringId').where('line.orderId', '=', orderId))
    .orderBy('id')
    .forUpdate()
    .execute()
}

/** Counts a registration into (+1) or out of (-1) its offering's waitlist. */
export async function countWaiting(tx: Db, offeringId: string, change: 1 | -1): Promise<void> {
  await tx.kysely
    .updateTable('offerings')
    .set((eb) => ({ waiting: eb('waiting', '+', change) }))
    .where('id', '=', offeringId)
    .execute()
}
