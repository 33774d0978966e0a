import type { SessionUser } from './contracts/session.ts'
import { DEFAULT_ROLE, type Role } from './roles.ts'

/** A user as the database keeps them, before they become the session user the browser knows. */
export interface UserRecord {
  id: string
  email: string
  displayName: string
  phone: string | null
  role: Role | null
}

export function sessionUserFrom(user: UserRecord): SessionUser {
  const role = user.role ?? DEFAULT_ROLE
  return {
    uid: user.id,
    email: user.email,
    displayName: user.displayName,
    phone: user.phone ?? '',
    isLoggedIn: true,
    isAdmin: role === 'admin',
    isEmployee: role === 'employee',
    userRole: role,
  }
}
