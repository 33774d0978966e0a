import {
  addChild as addChildContract,
  listChildren as listChildrenContract,
  removeChild as removeChildContract,
  updateChild as updateChildContract,
} from '../../../shared/contracts/children.ts'
import { ChildForm } from '../../../shared/schemas/children.ts'
import type { FastifyInstance } from 'fastify'
import type { AccountLimits } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import { serve } from '../../http/contract.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { addChild, findChild, listChildren, removeChild, updateChild, type ChildInput } from '../../core/children.queries.ts'

function childInput(body: unknown): ChildInput {
  const form = parseForm(ChildForm, body)
  return { ...form, notes: form.notes === '' ? null : form.notes }
}

/** A guardian's children; nobody else's children are ever reachable. */
export function registerChildrenRoutes(app: FastifyInstance, { db, now, limits }: { db: Db; now: () => Date; limits: AccountLimits }): void {
  serve(app, listChildrenContract, async (req, _reply, { user }) => {
    return { children: await listChildren(db, user.id) }
  })

  serve(app, addChildContract, async (req, _reply, { user }) => {
    return { child: await addChild(db, user.id, childInput(req.body), now(), { most: limits.children }) }
  })

  serve(app, updateChildContract, async (req, _reply, { user }) => {
    const input = childInput(req.body)
    if (!(await updateChild(db, user.id, req.params.childId, input, now()))) throw notFound('There is no such child on your account.')
    const child = await findChild(db, user.id, req.params.childId)
    if (!child) throw notFound('There is no such child on your account.')
    return { child }
  })

  serve(app, removeChildContract, async (req, _reply, { user }) => {
    const { childId } = req.params
    const child = await findChild(db, user.id, childId)
    if (!child) throw notFound('There is no such child on your account.')
    if (!(await removeChild(db, user.id, childId))) {
      // Removed meanwhile (Remove tapped twice), or kept because a registration names them.
      if (!(await findChild(db, user.id, childId))) throw notFound('There is no such child on your account.')
      throw conflict(`${child.firstName} has registrations on record, so they stay on your account: their receipts and the league lists name them.`)
    }
    return { removed: childId }
  })
}
