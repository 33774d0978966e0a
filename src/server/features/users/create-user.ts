import type { Auth } from '../../auth/auth.ts'
import { hashPassword } from '../../auth/password.ts'
import type { Db } from '../../db/connect.ts'
import { timestampParam } from '../../db/values.ts'
import { RegisterForm } from '../../../shared/schemas/account.ts'
import type { Role } from '../../../shared/roles.ts'
import { validateForm } from '../../../shared/validation/rules.ts'
import { setUserRole } from './users.queries.ts'

export interface NewUser {
  email: string
  password: string
  displayName: string
  phone: string
  role: Role
}

/**
 * For the CLI and the demo seed: creates the account (same rules as the Create Account form),
 * or, when the email already has one, sets its password and role. Returns the user id and
 * whether the account is new.
 */
export async function createOrUpdateUser(db: Db, auth: Auth, user: NewUser): Promise<{ id: string; created: boolean }> {
  const { confirmPassword: _c, ...fields } = RegisterForm
  const check = validateForm(fields, { ...user, email: user.email.trim() })
  if (!check.valid) {
    throw new Error(Object.values(check.errors).join(' '))
  }
  const email = user.email.trim().toLowerCase()
  const existing = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) {
    await db.kysely
      .updateTable('accounts')
      .set({ password: await hashPassword(user.password), updatedAt: timestampParam(db.dialect, new Date()) })
      .where('userId', '=', existing.id)
      .where('providerId', '=', 'credential')
      .execute()
    await setUserRole(db, existing.id, user.role)
    return { id: existing.id, created: false }
  }
  const result = await auth.api.signUpEmail({
    body: { email, password: user.password, name: user.displayName, phone: user.phone },
  })
  await setUserRole(db, result.user.id, user.role)
  return { id: result.user.id, created: true }
}
