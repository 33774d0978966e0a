import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import type { RegisterResult } from '../../../shared/schemas/registration.ts'
import { conflict } from '../../http/errors.ts'
import { enqueueEmail } from '../mail/outbox.queries.ts'
import { takePlaceOrQueue } from './capacity.ts'
import { confirmationEmail, waitlistedEmail } from './registration-emails.ts'
import { findRegistrationView, logEvent } from './registrations.queries.ts'

export interface RegistrationRequest {
  leagueId: string
  userId: string
  childId: string | null
  priceCents: number
  waiverVersion: number
  idempotencyKey: string | null
  now: Date
  siteUrl: string
}

/**
 * Registers one participant: confirmed while places last, waitlisted after. A repeat of the
 * same request — double click, refresh, retry with the same Idempotency-Key, or two requests
 * racing — answers with the one registration that exists.
 */
export async function registerParticipant(db: Db, req: RegistrationRequest): Promise<RegisterResult> {
  const participantKey = req.childId ?? 'self'
  const existing = await findExisting(db, req, participantKey)
  if (existing) return existing

  const id = randomUUID()
  try {
    const registration = await inTransaction(db, async (tx) => {
      const { seq, placed } = await takePlaceOrQueue(tx, req.leagueId)
      const at = timestampParam(tx.dialect, req.now)
      await tx.kysely
        .insertInto('registrations')
        .values({
          id,
          leagueId: req.leagueId,
          userId: req.userId,
          participantKey,
          childId: req.childId,
          status: placed ? 'confirmed' : 'waitlisted',
          seq,
          receiptNumber: receiptNumber(req.leagueId, seq),
          priceCents: req.priceCents,
          idempotencyKey: req.idempotencyKey,
          offerExpiresAt: null,
          waiverVersion: req.waiverVersion,
          createdAt: at,
          updatedAt: at,
        })
        .execute()
      await logEvent(tx, { registrationId: id, action: placed ? 'confirmed' : 'waitlisted', actorId: req.userId, now: req.now })
      const view = await findRegistrationView(tx, id)
      if (!view) throw new Error(`registration ${id} not readable inside its own transaction`)
      await enqueueEmail(tx, placed ? confirmationEmail(req.siteUrl, view) : waitlistedEmail(req.siteUrl, view), req.now)
      return view
    })
    return { registration, created: true }
  } catch (error) {
    // Lost a race against the same person's other request: the unique indexes kept one row.
    const winner = await findExisting(db, req, participantKey)
    if (winner) return winner
    throw error
  }
}

async function findExisting(db: Db, req: RegistrationRequest, participantKey: string): Promise<RegisterResult | undefined> {
  let query = db.kysely
    .selectFrom('registrations')
    .select(['id', 'leagueId', 'participantKey'])
    .where('userId', '=', req.userId)
  query = query.where((eb) => {
    const live = eb.and([
      eb('leagueId', '=', req.leagueId),
      eb('participantKey', '=', participantKey),
      eb('status', 'in', ['confirmed', 'offered', 'waitlisted']),
    ])
    return req.idempotencyKey ? eb.or([live, eb('idempotencyKey', '=', req.idempotencyKey)]) : live
  })
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  if (row.leagueId !== req.leagueId || row.participantKey !== participantKey) {
    throw conflict('This Idempotency-Key was already used for a different registration. Send a new key.')
  }
  const registration = await findRegistrationView(db, row.id)
  return registration && { registration, created: false }
}

/** Short, readable and unique: the league's first characters and its registration number. */
function receiptNumber(leagueId: string, seq: number): string {
  return `${leagueId.replace(/[^a-z0-9]/gi, '').slice(0, 8).toUpperCase()}-${String(seq).padStart(5, '0')}`
}
