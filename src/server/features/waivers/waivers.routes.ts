import type { FastifyInstance, FastifyRequest } from 'fastify'
import { WaiverPublishForm, WaiverSignForm } from '../../../shared/schemas/registration.ts'
import type { Guards } from '../../auth/guards.ts'
import type { Db } from '../../db/connect.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { findChild } from '../children/children.queries.ts'
import { currentWaiver, listSignatures, publishWaiver, signWaiver } from './waivers.queries.ts'
import { access } from '../../http/access.ts'

export function registerWaiverRoutes(app: FastifyInstance, { db, guards, now }: { db: Db; guards: Guards; now: () => Date }): void {
  /** Anyone may read the waiver; a signed-in person also sees whom they have signed it for. */
  app.get('/api/waiver', access('open'), async (req) => {
    const waiver = await currentWaiver(db)
    const user = await guards.currentUser(req)
    const signatures = user ? (await listSignatures(db, user.id)).filter((s) => s.waiverVersion === waiver.version) : []
    return { waiver, signatures }
  })

  app.post('/api/waiver/signatures', access('login'), async (req: FastifyRequest, reply) => {
    const user = await guards.requireUser(req)
    const { signedName } = parseForm(WaiverSignForm, req.body)
    const childId = (req.body as { childId?: unknown } | null)?.childId
    if (childId !== undefined && childId !== null && typeof childId !== 'string') throw badRequest('Choose which child you are signing for.')
    if (typeof childId === 'string' && childId !== '' && !(await findChild(db, user.id, childId))) {
      throw notFound('There is no such child on your account.')
    }
    const waiver = await currentWaiver(db)
    await signWaiver(db, {
      userId: user.id,
      childId: typeof childId === 'string' && childId !== '' ? childId : null,
      waiverVersion: waiver.version,
      signedName,
      ipAddress: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      now: now(),
    })
    return reply.code(201).send({ signatures: (await listSignatures(db, user.id)).filter((s) => s.waiverVersion === waiver.version) })
  })

  app.get('/api/waiver/signatures/mine', access('login'), async (req) => {
    const user = await guards.requireUser(req)
    return { signatures: await listSignatures(db, user.id) }
  })

  /** Publishing a new version makes everyone sign again before their next registration. */
  app.post('/api/admin/waiver', access('admin'), async (req, reply) => {
    const admin = await guards.requireAccess(req, 'admin')
    const { body } = parseForm(WaiverPublishForm, req.body)
    return reply.code(201).send({ waiver: await publishWaiver(db, body, admin.id, now()) })
  })
}
