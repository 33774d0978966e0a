import { z } from 'zod'
import { ROLES } from '../roles.ts'

/** Callable `listUsers` payload (product §7; its fields are this site's own). */
export const ListUsersInput = z
  .object({
    search: z.string().trim().max(100, 'Search must be 100 characters or fewer.').optional(),
    role: z.enum(ROLES).optional(),
    page: z.number().int().min(1, 'Page must be 1 or more.').max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100, 'Page size must be 100 or fewer.').default(25),
  })
  .strict()
export type ListUsersInput = z.infer<typeof ListUsersInput>

export interface ListedUser {
  id: string
  email: string
  displayName: string
  phone: string
  role: (typeof ROLES)[number]
  createdAt: string
}

export interface ListUsersResult {
  users: ListedUser[]
  total: number
  page: number
  pageSize: number
}

export const SetUserRoleInput = z
  .object({
    userId: z.string().min(1, 'Choose a user.').max(100),
    role: z.enum(ROLES, { error: 'Role must be admin, employee or customer.' }),
  })
  .strict()
export type SetUserRoleInput = z.infer<typeof SetUserRoleInput>

/** Callable `makePasswordLink`: an admin's one-time password link for any account (issue 30). */
export const MakePasswordLinkInput = z
  .object({
    userId: z.string().min(1, 'Choose a user.').max(100),
  })
  .strict()
export type MakePasswordLinkInput = z.infer<typeof MakePasswordLinkInput>

/** Emailed with a mail server (`link` null); otherwise the link, for the admin to hand over. */
export interface PasswordLinkMade {
  emailed: boolean
  link: string | null
  expiresAt: string
}
