import type { Db } from '../../db/connect.ts'
import { containsText, phoneHasDigits } from '../../db/search.ts'
import { timestampParam, toCount, toIso } from '../../db/values.ts'
import { DEFAULT_ROLE, ROLES, type Role } from '../../../shared/roles.ts'
import type { UserRecord } from '../../../shared/session-user.ts'
import type { ListUsersInput, ListUsersResult } from '../../../shared/schemas/users.ts'

export async function findUserRecord(db: Db, userId: string): Promise<UserRecord | undefined> {
  return db.kysely
    .selectFrom('users')
    .select(['id', 'email', 'displayName', 'phone', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst()
}

/** Product §4: a user record without a role gets the default one, and updatedAt is set. */
export async function ensureUserRole(db: Db, userId: string): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ role: DEFAULT_ROLE, updatedAt: timestampParam(db.dialect, new Date()) })
    .where('id', '=', userId)
    .where('role', 'is', null)
    .execute()
}

/** Product §4: updating a role sets role and updatedAt. Returns false when no such user. */
export async function setUserRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({ role, updatedAt: timestampParam(db.dialect, new Date()) })
    .where('id', '=', userId)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function listUsers(db: Db, input: ListUsersInput): Promise<ListUsersResult> {
  let query = db.kysely.selectFrom('users')
  if (input.search) {
    // Case-insensitive on both databases; LIKE wildcards in the search are taken literally. A
    // phone is found by its digits, however it was typed: it is stored as +15550101234.
    const q = input.search.toLowerCase()
    const phone = phoneHasDigits('phone', q)
    query = query.where((eb) => eb.or([containsText(eb.ref('email'), q), containsText(eb.ref('displayName'), q), ...(phone ? [phone] : [])]))
  }
  if (input.role) query = query.where('role', '=', input.role)

  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    query
      .select(['id', 'email', 'displayName', 'phone', 'role', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
  ])
  return {
    users: rows.map((u) => ({
      id: u.id,
      email: u.email,
      displayName: u.displayName,
      phone: u.phone ?? '',
      role: u.role ?? DEFAULT_ROLE,
      createdAt: toIso(u.createdAt),
    })),
    total: toCount(total),
    page: input.page,
    pageSize: input.pageSize,
  }
}

export async function countUsersByRole(db: Db): Promise<Record<Role, number>> {
  const rows = await db.kysely
    .selectFrom('users')
    .select((eb) => ['role', eb.fn.countAll().as('count')])
    .groupBy('role')
    .execute()
  const counts = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>
  for (const row of rows) counts[row.role ?? DEFAULT_ROLE] += toCount(row.count)
  return counts
}
