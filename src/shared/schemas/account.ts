import { z } from 'zod'
import type { FormSpec } from '../validation/rules.ts'
import { ROLES } from '../roles.ts'

/** Spec §5 / §9: the sign-in service's minimum and its exact message. */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_TOO_SHORT = 'The password must be 6 characters long or more'

const password = {
  label: 'Password',
  rules: `required|min:${PASSWORD_MIN_LENGTH}|max:128`,
  messages: { min: PASSWORD_TOO_SHORT },
} as const

/** Create Account (/register): checked in the browser and again by the server. */
export const RegisterForm = {
  displayName: { label: 'Display name', rules: 'required|max:80' },
  email: { label: 'Email', rules: 'required|email|max:254' },
  phone: { label: 'Phone', rules: 'required|phone' },
  password,
  confirmPassword: { label: 'Confirm password', rules: 'required|confirm:password' },
} as const satisfies FormSpec

export type RegisterFields = keyof typeof RegisterForm

export const SignInForm = {
  email: { label: 'Email', rules: 'required|email|max:254' },
  password: { label: 'Password', rules: 'required|max:128' },
} as const satisfies FormSpec

export type SignInFields = keyof typeof SignInForm

/** Callable `listUsers` payload (spec §7: payload fields not shown; these are ours). */
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
