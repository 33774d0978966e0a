import type { SessionUser } from './contracts/session.ts'

export const ROLES = ['admin', 'employee', 'customer'] as const
export type Role = (typeof ROLES)[number]

/** New user documents get this role (product §4, §6). */
export const DEFAULT_ROLE: Role = 'customer'

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

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

export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'employee'
}
