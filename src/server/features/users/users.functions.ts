import { ListUsersInput, SetUserRoleInput } from '../../../shared/schemas/users.ts'
import type { Db } from '../../db/connect.ts'
import { defineFunction } from '../../http/callable.ts'
import { invalid, notFound } from '../../core/refusals.ts'
import { listUsers, setUserRole } from './users.queries.ts'

/** User administration, called from /admin/users through the callable protocol. */
export function userFunctions(db: Db) {
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
      handler: async ({ userId, role }, admin) => {
        // An admin demoting themself could leave the facility with no admin at all.
        if (userId === admin.id && role !== 'admin') throw invalid('You cannot remove your own admin role.')
        if (!(await setUserRole(db, userId, role))) throw notFound('There is no such user.')
        return { userId, role }
      },
    }),
  }
}
