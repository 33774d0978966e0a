export const ROLES = ['admin', 'employee', 'customer'] as const
export type Role = (typeof ROLES)[number]

/** New user documents get this role (spec §4, §6). */
export const DEFAULT_ROLE: Role = 'customer'

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** The session user state of spec §3, kept in localStorage and confirmed with the server. */
export interface SessionUser {
  uid: string
  email: string
  displayName: string
  phone: string
  isLoggedIn: true
  isAdmin: boolean
  isEmployee: boolean
  userRole: Role
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
