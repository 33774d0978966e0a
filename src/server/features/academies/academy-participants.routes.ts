import type { FastifyInstance } from 'fastify'
import { academyParticipantsCsv, listAcademyParticipants, moveAcademyParticipant } from '../../../shared/contracts/academies.ts'
import { facilityToday } from '../../../shared/format.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { participantCsvRow, PARTICIPANT_CSV_HEADERS } from '../../core/registrations/participants.queries.ts'
import { fileNamePart, sendCsv, toCsv } from '../../http/csv.ts'
import { notFound } from '../../http/errors.ts'
import { listParticipants } from './academy-participants.queries.ts'
import { moveParticipant } from './academy-moves.ts'
import { recordMove } from '../../core/audit.ts'
import { findRegistrationView } from '../../core/registrations/registrations.queries.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'

/**
 * An academy's participants for staff and the coach (issue 23): the list with medical notes (staff
 * only: the guard runs from each contract), its CSV, and moving a participant to another academy.
 * Cancelling is the staff cancel every registration has (registrations.admin.routes.ts).
 */
export function registerAcademyParticipantRoutes(app: FastifyInstance, { db, config, now, kinds }: RouteDeps & { kinds: Kinds }): void {
  const participantsOf = async (academyId: string) => {
    const list = await listParticipants(db, academyId)
    if (!list) throw notFound('There is no such academy.')
    return list
  }

  serve(app, listAcademyParticipants, async (req) => participantsOf(req.params.academyId))

  serve(app, academyParticipantsCsv, async (req, reply) => {
    const { academy, participants } = await participantsOf(req.params.academyId)
    const csv = toCsv(
      [...PARTICIPANT_CSV_HEADERS, 'Attended'],
      participants.map((p) => [...participantCsvRow(p), p.attended]),
    )
    return sendCsv(reply, `academy-${fileNamePart(academy.name)}-${facilityToday(now(), config.site.timeZone)}.csv`, csv)
  })

  serve(app, moveAcademyParticipant, async (req, _reply, { user: staff }) => {
    const at = now()
    const registration = await inTransaction(db, async (tx) => {
      const before = await findRegistrationView(tx, kinds, req.params.registrationId)
      const moved = await moveParticipant(tx, {
        registrationId: req.params.registrationId,
        toAcademyId: req.body.academyId,
        actorId: staff.id,
        today: facilityToday(at, config.site.timeZone),
        ctx: { now: at, claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds },
      })
      if (before) await recordMove(tx, kinds, actorOf(req, staff), before, moved, at)
      return moved
    })
    return { registration }
  })
}
