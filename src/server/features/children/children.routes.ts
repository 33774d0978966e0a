import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ChildForm } from '../../../shared/schemas/registration.ts'
import type { Guards } from '../../auth/guards.ts'
import type { Db } from '../../db/connect.ts'
import { notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { addChild, listChildren, updateChild, type ChildInput } from './children.queries.ts'
import { access } from '../../http/access.ts'

function childInput(body: unknown): ChildInput {
  const form = parseForm(ChildForm, body)
  return { ...form, notes: form.notes === '' ? null : form.notes }
}

/** A guardian's children; nobody else's children are ever reachable. */
export function registerChildrenRoutes(app: FastifyInstance, { db, guards, now }: { db: Db; guards: Guards; now: () => Date }): void {
  app.get('/api/children', access('login'), async (req) => {
    const user = await guards.requireUser(req)
    return { children: await listChildren(db, user.id) }
  })

  app.post('/api/children', access('login'), async (req, reply) => {
    const user = await guards.requireUser(req)
    return reply.code(201).send({ child: await addChild(db, user.id, childInput(req.body), now()) })
  })

  app.post('/api/children/:childId', access('owner'), async (req: FastifyRequest<{ Params: { childId: string } }>) => {
    const user = await guards.requireUser(req)
    const input = childInput(req.body)
    if (!(await updateChild(db, user.id, req.params.childId, input, now()))) throw notFound('There is no such child on your account.')
    return { child: { id: req.params.childId, ...input } }
  })
}
