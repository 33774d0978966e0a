import type { FastifyInstance } from 'fastify'
import { CURRENT_PASSWORD_INCORRECT, PasswordChange, ProfileForm } from '../../shared/schemas/account.ts'
import { sessionUserFrom } from '../../shared/session-user.ts'
import { ACCESS_MESSAGES } from '../../shared/routes.ts'
import { validateForm } from '../../shared/validation/rules.ts'
import type { Db } from '../db/connect.ts'
import { timestampParam } from '../db/values.ts'
import { badRequest, unauthorized } from '../http/errors.ts'
import { parseForm } from '../http/forms.ts'
import { CLIENT_IP_HEADER, type Auth } from './auth.ts'
import { toHeaders } from './guards.ts'
import { endPasswordLinks } from './reset-links.ts'
import { serve } from '../http/contract.ts'
import { updateProfile as updateProfileContract } from '../../shared/contracts/session.ts'
import { changePassword } from '../../shared/contracts/account.ts'

interface Deps {
  auth: Auth
  db: Db
  now: () => Date
}


/** A person's own details and password, from the Account page. */
export function registerProfileRoutes(app: FastifyInstance, { auth, db, now }: Deps): void {
  serve(app, updateProfileContract, async (req, _reply, { user }) => {
    const { displayName, phone } = parseForm(ProfileForm, req.body)
    await updateProfile(db, user.id, { displayName, phone }, now())
    return { user: sessionUserFrom({ ...user, displayName, phone }) }
  })

  serve(app, changePassword, async (req, reply, { user }) => {
    const body = req.body
    const result = validateForm(PasswordChange, body)
    if (!result.valid) {
      throw badRequest(result.message ?? 'Sorry, not all fields are filled out correctly.', result.errors as Record<string, string>)
    }
    // Passwords go on untrimmed (unlike parseForm's values): a space may be part of one.
    const currentPassword = String(body.currentPassword)
    const newPassword = String(body.newPassword)

    const headers = toHeaders(req)
    // The renewed session records the caller's address, as a sign-in does (auth.routes.ts).
    headers.set(CLIENT_IP_HEADER, req.ip)
    const response = await auth.api.changePassword({
      // Other sessions end: whoever may have learned the old password is signed out everywhere.
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers,
      asResponse: true,
    })
    if (!response.ok) {
      const code = await errorCode(response)
      if (code === 'INVALID_PASSWORD') throw badRequest(CURRENT_PASSWORD_INCORRECT, { currentPassword: CURRENT_PASSWORD_INCORRECT })
      // A bearer token proves who is calling but carries no session to renew.
      if (response.status === 401) throw unauthorized(ACCESS_MESSAGES.login)
      throw new Error(`Changing the password failed with ${response.status} ${code ?? ''}`)
    }
    // A link made before the change must not set the password back (issue 30).
    await endPasswordLinks(db, user.id)
    // Every session was replaced by a new one, so the caller needs its new cookie to stay in.
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    return { ok: true as const }
  })
}

async function updateProfile(db: Db, userId: string, profile: { displayName: string; phone: string }, at: Date): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ ...profile, updatedAt: timestampParam(db.dialect, at) })
    .where('id', '=', userId)
    .execute()
}

async function errorCode(response: Response): Promise<string | undefined> {
  const parsed: unknown = await response.json().catch(() => null)
  const code = (parsed as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}
