import { ListUsersInput, MakePasswordLinkInput, SetUserRoleInput, type PasswordLinkMade } from '../../../shared/schemas/users.ts'
import { href } from '../../../shared/paths.ts'
import type { Auth } from '../../auth/auth.ts'
import { passwordResetEmail, RESET_LINK_HOURS } from '../../auth/account-emails.ts'
import { passwordLinkToken } from '../../auth/reset-links.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import { defineFunction } from '../../http/callable.ts'
import { enqueueEmail } from '../../core/outbox.queries.ts'
import { invalid, notFound } from '../../core/refusals.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'
import { findUserRecord, listUsers, setUserRole } from './users.queries.ts'

/** User administration, called from /admin/users through the callable protocol. */
export function userFunctions(db: Db, { auth, config, now }: { auth: Auth; config: Config; now: () => Date }) {
  return {
    listUsers: defineFunction({
      access: 'admin',
      summary: 'Every account with its contact details and role, searched and a page at a time (/admin/users)',
      input: ListUsersInput,
      handler: (input) => listUsers(db, input),
    }),
    setUserRole: defineFunction({
      access: 'admin',
      summary: 'Change an account’s role (admin, employee or customer); an admin cannot drop their own',
      input: SetUserRoleInput,
      handler: async ({ userId, role }, admin, req) => {
        // An admin demoting themself could leave the facility with no admin at all.
        if (userId === admin.id && role !== 'admin') throw invalid('You cannot remove your own admin role.')
        const changed = await inTransaction(db, async (tx) => {
          const user = await tx.kysely.selectFrom('users').select(['role', 'displayName']).where('id', '=', userId).executeTakeFirst()
          if (!user || !(await setUserRole(tx, userId, role))) return false
          const entity = { kind: 'user' as const, id: userId, label: user.displayName }
          await recordStaffAction(tx, { by: actorOf(req, admin), action: 'role-changed', entity, before: { role: user.role }, after: { role }, now: now() })
          return true
        })
        if (!changed) throw notFound('There is no such user.')
        return { userId, role }
      },
    }),
    /**
     * The desk makes links for customers only; a staff account's password is changed by its owner
     * or from here (docs/decisions/0016), so a desk login never leads to a staff account.
     */
    makePasswordLink: defineFunction({
      access: 'admin',
      summary: 'Make a one-time link to choose a password for any account: emailed with a mail server, otherwise answered for the admin to hand over. It ends the account’s other links',
      input: MakePasswordLinkInput,
      handler: async ({ userId }, admin, req): Promise<PasswordLinkMade> => {
        const user = await findUserRecord(db, userId)
        if (!user) throw notFound('There is no such user.')
        const at = now()
        const emailed = config.smtpUrl !== undefined
        const made = { userId, madeBy: admin.id, now: at, validHours: RESET_LINK_HOURS, limits: config.passwordLinks, who: 'account' as const }
        const { token, expiresAt } = await passwordLinkToken(auth, db, made, async (tx, token) => {
          const to = { email: user.email, name: user.displayName, emailVerified: true }
          if (emailed) await enqueueEmail(tx, passwordResetEmail(config.site.facilityName, config.publicUrl, to, token), at)
          const entity = { kind: 'user' as const, id: userId, label: user.displayName }
          await recordStaffAction(tx, { by: actorOf(req, admin), action: 'password-link', entity, before: null, after: { emailed }, now: at })
        })
        if (emailed) return { emailed: true, link: null, expiresAt: expiresAt.toISOString() }
        return { emailed: false, link: `${config.publicUrl}${href('resetPassword')}?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() }
      },
    }),
  }
}
