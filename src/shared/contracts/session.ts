import { z } from 'zod'
import { ProfileForm } from '../schemas/account.ts'
import { ROLES } from '../roles.ts'
import { contract, formBody } from './contract.ts'

/** The session user state of product §3, kept in the browser and confirmed with the server. */
export const SessionUser = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  phone: z.string(),
  isLoggedIn: z.literal(true),
  isAdmin: z.boolean(),
  isEmployee: z.boolean(),
  userRole: z.enum(ROLES),
})
export type SessionUser = z.infer<typeof SessionUser>

export const readSession = contract({
  method: 'GET',
  url: '/api/session',
  access: 'open',
  summary: 'Who is signed in: the session user, or null',
  responses: { 200: z.object({ user: SessionUser.nullable() }) },
})

export const sessionToken = contract({
  method: 'GET',
  url: '/api/session/token',
  access: 'login',
  summary: 'A 10-minute bearer token for the callable functions, bound to this browser session (cookie only)',
  responses: { 200: z.object({ token: z.string(), expiresAt: z.string() }) },
})

export const updateProfile = contract({
  method: 'POST',
  url: '/api/account/profile',
  access: 'login',
  summary: 'Change your display name and phone',
  body: formBody(ProfileForm),
  responses: { 200: z.object({ user: SessionUser }) },
})
