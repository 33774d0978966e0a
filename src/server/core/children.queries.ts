import type { SqlBool } from 'kysely'
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/connect.ts'
import { isForeignKeyViolation } from '../db/errors.ts'
import { inTransaction } from '../db/transaction.ts'
import { conflict } from './refusals.ts'
import { timestampParam, toBool } from '../db/values.ts'
import type { Child } from '../../shared/contracts/children.ts'

/** A guardian's children, with whether a registration names each (then they cannot be removed). */
function selectChildren(db: Db, guardianId: string) {
  return db.kysely
    .selectFrom('children as c')
    .select(['c.id', 'c.firstName', 'c.lastName', 'c.dateOfBirth', 'c.emergencyContactName', 'c.emergencyContactPhone', 'c.notes'])
    .select(({ exists, selectFrom }) => exists(selectFrom('registrations as r').select('r.id').whereRef('r.childId', '=', 'c.id')).as('registered'))
    .where('c.guardianId', '=', guardianId)
}

function childOf({ registered, ...child }: Omit<Child, 'removable'> & { registered: SqlBool }): Child {
  return { ...child, removable: !toBool(registered) }
}

export async function listChildren(db: Db, guardianId: string): Promise<Child[]> {
  const rows = await selectChildren(db, guardianId).orderBy('c.firstName').orderBy('c.id').execute()
  return rows.map(childOf)
}

/** Only the guardian's own child: anyone else's id finds nothing. */
export async function findChild(db: Db, guardianId: string, childId: string): Promise<Child | undefined> {
  const row = await selectChildren(db, guardianId).where('c.id', '=', childId).executeTakeFirst()
  return row && childOf(row)
}

export type ChildInput = Omit<Child, 'id' | 'removable'>

/**
 * Adds a child to the guardian's account; with `most`, refused once the account has that many
 * (issue 30: one account made up nine children to take every place of an academy). The guardian's row is held while counting (PostgreSQL; SQLite runs one writer at a
 * time), so children added at the same moment cannot pass the limit together.
 */
export async function addChild(db: Db, guardianId: string, child: ChildInput, now: Date, { most }: { most?: number } = {}): Promise<Child> {
  const id = randomUUID()
  const at = timestampParam(db.dialect, now)
  return inTransaction(db, async (tx) => {
    if (most !== undefined) {
      if (tx.dialect === 'postgres') await tx.kysely.selectFrom('users').select('id').where('id', '=', guardianId).forUpdate().execute()
      const { count } = await tx.kysely.selectFrom('children').select((eb) => eb.fn.countAll<string | number>().as('count')).where('guardianId', '=', guardianId).executeTakeFirstOrThrow()
      if (Number(count) >= most) throw conflict(`An account can have at most ${most} children. Ask at the front desk to add more.`)
    }
    await tx.kysely
      .insertInto('children')
      .values({ id, guardianId, ...child, createdAt: at, updatedAt: at })
      .execute()
    return { id, ...child, removable: true }
  })
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

/**
 * Removes the guardian's child unless a registration names them (its receipt and the league's
 * lists need them): one statement, and the registrations' foreign key refuses a registration
 * written meanwhile. False when a registration names them.
 */
export async function removeChild(db: Db, guardianId: string, childId: string): Promise<boolean> {
  try {
    const result = await db.kysely
      .deleteFrom('children')
      .where('guardianId', '=', guardianId)
      .where('id', '=', childId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('registrations').select('id').where('childId', '=', childId))))
      .executeTakeFirst()
    return result.numDeletedRows > 0n
  } catch (error) {
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}
