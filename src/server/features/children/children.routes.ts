import { addChild as addChildContract, listChildren as listChildrenContract, updateChild as updateChildContract } from '../../../shared/contracts/children.ts'
import { ChildForm } from '../../../shared/schemas/children.ts'
import type { FastifyInstance } from 'fastify'
import type { Guards } from '../../auth/guards.ts'
import type { Db } from '../../db/connect.ts'
import { serve } from '../../http/contract.ts'
import { notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { addChild, listChildren, updateChild, type ChildInput } from './children.queries.ts'

function childInput(body: unknown): ChildInput {
  const form = parseForm(ChildForm, body)
  return { ...form, notes: form.notes === '' ? null : form.notes }
}

/** A guardian's children; nobody else's children are ever reachable. */
export function registerChildrenRoutes(app: FastifyInstance, { db, guards, now }: { db: Db; guards: Guards; now: () => Date }): void {
  serve(app, listChildrenContract, async (req) => {
    const user = await guards.requireUser(req)
    return { children: await listChildren(db, user.id) }
  })

  serve(app, addChildContract, async (req) => {
    const user = await guards.requireUser(req)
    return { child: await addChild(db, user.id, childInput(req.body), now()) }
  })

  serve(app, updateChildContract, async (req) => {
    const user = await guards.requireUser(req)
    const input = childInput(req.body)
    if (!(await updateChild(db, user.id, req.params.childId, input, now()))) throw notFound('There is no such child on your account.')
    return { child: { id: req.params.childId, ...input } }
  })
}
