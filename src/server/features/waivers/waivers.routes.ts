import type { FastifyInstance } from 'fastify'
import { mySignatures, publishWaiver as publishWaiverContract, readWaiver, signWaiver as signWaiverContract } from '../../../shared/contracts/waiver.ts'
import { WaiverPublishForm, WaiverSignForm } from '../../../shared/schemas/waiver.ts'
import type { Guards } from '../../auth/guards.ts'
import type { Db } from '../../db/connect.ts'
import { serve } from '../../http/contract.ts'
import { notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { findChild } from '../../core/children.queries.ts'
import { currentWaiver, listSignatures, publishWaiver, signWaiver } from '../../core/waivers.queries.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'

export function registerWaiverRoutes(app: FastifyInstance, { db, guards, now }: { db: Db; guards: Guards; now: () => Date }): void {
  /** Anyone may read the waiver; a signed-in person also sees whom they have signed it for. */
  serve(app, readWaiver, async (req) => {
    const waiver = await currentWaiver(db)
    const user = await guards.currentUser(req)
    const signatures = user ? (await listSignatures(db, user.id)).filter((s) => s.waiverVersion === waiver.version) : []
    return { waiver, signatures }
  })

  serve(app, signWaiverContract, async (req, _reply, { user }) => {
    const { signedName } = parseForm(WaiverSignForm, req.body)
    const childId = req.body.childId || null
    if (childId !== null && !(await findChild(db, user.id, childId))) throw notFound('There is no such child on your account.')
    const waiver = await currentWaiver(db)
    await signWaiver(db, {
      userId: user.id,
      childId,
      waiverVersion: waiver.version,
      signedName,
      ipAddress: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      now: now(),
    })
    return { signatures: (await listSignatures(db, user.id)).filter((s) => s.waiverVersion === waiver.version) }
  })

  serve(app, mySignatures, async (req, _reply, { user }) => {
    return { signatures: await listSignatures(db, user.id) }
  })

  /** Publishing a new version makes everyone sign again before their next registration. */
  serve(app, publishWaiverContract, async (req, _reply, { user: admin }) => {
    const { body } = parseForm(WaiverPublishForm, req.body)
    const at = now()
    const waiver = await inTransaction(db, async (tx) => {
      const was = await currentWaiver(tx)
      const published = await publishWaiver(tx, body, admin.id, at)
      const entity = { kind: 'waiver' as const, id: String(published.version), label: `Waiver version ${published.version}` }
      await recordStaffAction(tx, { by: actorOf(req, admin), action: 'waiver-published', entity, before: { version: was.version, body: was.body }, after: { version: published.version, body }, now: at })
      return published
    })
    return { waiver }
  })
}
