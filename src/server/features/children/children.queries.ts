import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { timestampParam } from '../../db/values.ts'
import type { Child } from '../../../shared/contracts/children.ts'

const CHILD_COLUMNS = ['id', 'firstName', 'lastName', 'dateOfBirth', 'emergencyContactName', 'emergencyContactPhone', 'notes'] as const

export async function listChildren(db: Db, guardianId: string): Promise<Child[]> {
  return db.kysely
    .selectFrom('children')
    .select(CHILD_COLUMNS)
    .where('guardianId', '=', guardianId)
    .orderBy('firstName')
    .orderBy('id')
    .execute()
}

/** Only the guardian's own child: anyone else's id finds nothing. */
export async function findChild(db: Db, guardianId: string, childId: string): Promise<Child | undefined> {
  return db.kysely
    .selectFrom('children')
    .select(CHILD_COLUMNS)
    .where('guardianId', '=', guardianId)
    .where('id', '=', childId)
    .executeTakeFirst()
}

export type ChildInput = Omit<Child, 'id'>

export async function addChild(db: Db, guardianId: string, child: ChildInput, now: Date): Promise<Child> {
  const id = randomUUID()
  const at = timestampParam(db.dialect, now)
  await db.kysely
    .insertInto('children')
    .values({ id, guardianId, ...child, createdAt: at, updatedAt: at })
    .execute()
  return { id, ...child }
}

export async function updateChild(db: Db, guardianId: string, childId: string, child: ChildInput, now: Date): Promise<boolean> {
  const result = await db.kysely
    .updateTable('children')
    .set({ ...child, updatedAt: timestampParam(db.dialect, now) })
    .where('guardianId', '=', guardianId)
    .where('id', '=', childId)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
