import type { Auth } from '../../auth/auth.ts'
import { hashPassword } from '../../auth/password.ts'
import { endPasswordLinks } from '../../auth/reset-links.ts'
import type { Db } from '../../db/connect.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { RegisterForm } from '../../../shared/schemas/account.ts'
import type { Role } from '../../../shared/roles.ts'
import { phoneE164 } from '../../../shared/phone.ts'
import { normalisedForm, usePhoneReader, validateForm } from '../../../shared/validation/rules.ts'
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
 * or, when the email already has one, sets its password and role. Whoever runs the CLI vouches
 * for the address, so the account is confirmed and no confirmation email goes out. Returns the
 * user id and whether the account is new.
 */
// Run from the command line as well as by the server: phones are read fully here too.
usePhoneReader(phoneE164)

export async function createOrUpdateUser(db: Db, auth: Auth, user: NewUser): Promise<{ id: string; created: boolean }> {
  const { confirmPassword: _c, password: _p, ...fields } = RegisterForm
  const form = normalisedForm(fields, { ...user })
  const check = validateForm({ ...fields, password: RegisterForm.password }, { ...form, password: user.password })
  if (!check.valid) {
    throw new Error(Object.values(check.errors).join(' '))
  }
  const { email, displayName, phone } = form
  const existing = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) {
    const now = timestampParam(db.dialect, new Date())
    await db.kysely
      .updateTable('accounts')
      .set({ password: await hashPassword(user.password), updatedAt: now })
      .where('userId', '=', existing.id)
      .where('providerId', '=', 'credential')
      .execute()
    await db.kysely.updateTable('users').set({ emailVerified: boolParam(db.dialect, true), updatedAt: now }).where('id', '=', existing.id).execute()
    // A password link made before must not set the password back.
    await endPasswordLinks(db, existing.id)
    await setUserRole(db, existing.id, user.role)
    return { id: existing.id, created: false }
  }
  const { internalAdapter } = await auth.$context
  const created = await internalAdapter.createUser({ email, name: displayName, phone, emailVerified: true }, { method: 'email-password' })
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await hashPassword(user.password),
  })
  await setUserRole(db, created.id, user.role)
  return { id: created.id, created: true }
}
