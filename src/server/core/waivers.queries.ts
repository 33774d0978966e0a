import { randomUUID } from 'node:crypto'
import type { Db } from '../db/connect.ts'
import { inTransaction } from '../db/transaction.ts'
import { batchedRead } from '../db/read-batches.ts'
import { inList, timestampParam, toIso } from '../db/values.ts'
import type { WaiverDocument, WaiverSignature } from '../../shared/contracts/waiver.ts'
import { sql } from 'kysely'
import { ACCOUNT_HOLDER, participantKeyOf } from '../../shared/schemas/registration.ts'
import type { RegistrationScope } from './payments/orders.queries.ts'

/** Whether the current waiver is signed for a registration's participant (a registration aliased `r` in the caller's query). */
export const currentWaiverSignedOf = (eb: RegistrationScope) =>
  eb.exists(
    eb
      .selectFrom('waiverSignatures as w')
      .select('w.id')
      .whereRef('w.userId', '=', 'r.userId')
      .where('w.subjectKey', '=', eb.fn.coalesce('r.childId', sql.lit(ACCOUNT_HOLDER)))
      .where('w.waiverVersion', '=', eb.selectFrom('waivers').select((s) => s.fn.max('version').as('v'))),
  )

export async function currentWaiver(db: Db): Promise<WaiverDocument> {
  const row = await db.kysely
    .selectFrom('waivers')
    .select(['version', 'body', 'publishedAt'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  return { ...row, publishedAt: toIso(row.publishedAt) }
}

/** A new version: everyone signs again before their next registration. */
export async function publishWaiver(db: Db, body: string, publishedBy: string, now: Date): Promise<WaiverDocument> {
  return inTransaction(db, async (tx) => {
    const { version } = await currentWaiver(tx)
    await tx.kysely
      .insertInto('waivers')
      .values({ version: version + 1, body, publishedAt: timestampParam(tx.dialect, now), publishedBy })
      .execute()
    return { version: version + 1, body, publishedAt: now.toISOString() }
  })
}

export interface NewSignature {
  userId: string
  childId: string | null
  waiverVersion: number
  signedName: string
  ipAddress: string | null
  userAgent: string | null
  /** Staff, when signed on their screen at the desk. */
  witnessedBy?: string
  now: Date
}

/** Signing twice for the same version and person keeps the first signature. */
export async function signWaiver(db: Db, s: NewSignature): Promise<void> {
  await db.kysely
    .insertInto('waiverSignatures')
    .values({
      id: randomUUID(),
      userId: s.userId,
      waiverVersion: s.waiverVersion,
      subjectKey: participantKeyOf(s.childId),
      childId: s.childId,
      signedName: s.signedName,
      signedAt: timestampParam(db.dialect, s.now),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      witnessedBy: s.witnessedBy ?? null,
    })
    .onConflict((oc) => oc.columns(['userId', 'waiverVersion', 'subjectKey']).doNothing())
    .execute()
}

/** The current waiver's version and whether it is signed for this person. */
export function currentWaiverSigned(db: Db, userId: string, subjectKey: string): Promise<{ version: number; signed: boolean }> {
  return waiverSignedBy(db, { userId, subjectKey })
}

/** The current version's signatures of the people asking together, in one query. */
const waiverSignedBy = batchedRead(async (db: Db, people: readonly { userId: string; subjectKey: string }[]) => {
  const rows = await db.kysely
    .selectFrom('waivers as w')
    .leftJoin('waiverSignatures as s', (join) =>
      join.onRef('s.waiverVersion', '=', 'w.version').on(inList(db.dialect, 's.userId', [...new Set(people.map((p) => p.userId))])),
    )
    .select(['w.version', 's.userId', 's.subjectKey'])
    .where('w.version', '=', (eb) => eb.selectFrom('waivers').select('version').orderBy('version', 'desc').limit(1))
    .execute()
  if (rows.length === 0) throw new Error('no waiver is published (migration 0003 publishes the first)')
  const version = rows[0]!.version
  const signed = new Set(rows.map((row) => `${row.userId} ${row.subjectKey}`))
  return people.map((p) => ({ version, signed: signed.has(`${p.userId} ${p.subjectKey}`) }))
})

export async function listSignatures(db: Db, userId: string): Promise<WaiverSignature[]> {
  const rows = await db.kysely
    .selectFrom('waiverSignatures')
    .select(['subjectKey', 'childId', 'waiverVersion', 'signedName', 'signedAt'])
    .where('userId', '=', userId)
    .orderBy('signedAt', 'desc')
    .execute()
  return rows.map((r) => ({ ...r, signedAt: toIso(r.signedAt) }))
}
