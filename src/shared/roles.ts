export const ROLES = ['admin', 'employee', 'customer'] as const
export type Role = (typeof ROLES)[number]

/** New user documents get this role (product §4, §6). */
export const DEFAULT_ROLE: Role = 'customer'

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'employee'
}
