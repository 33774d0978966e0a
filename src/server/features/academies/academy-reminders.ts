import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { boolParam, inList } from '../../db/values.ts'
import { enqueueEmails } from '../../core/outbox.queries.ts'
import { holdOffering } from '../../core/registrations/capacity.ts'
import { eventsInsert } from '../../core/registrations/registrations.queries.ts'
import { createPeriodic } from '../../periodic.ts'
import { readSchedule, sessionStartsAt } from '../../../shared/academy-schedule.ts'
import { facilityToday } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { firstSessionReminderEmail } from './academy-emails.ts'
import { academyPlaces, householdsOf } from './academy-places.queries.ts'

/**
 * The reminder two days before an academy's first session (issue 23): from the same wall-clock
 * time two facility days before it — across a daylight-saving change too — until it starts.
 */
const REMINDER_DAYS = 2

/** The history entry that marks a place reminded: written with the email, so each place hears once. */
export const REMINDED = 'first-session-reminder'

interface ReminderContext {
  now: Date
  timeZone: string
  siteUrl: string
}

/**
 * Emails the account holder of every confirmed place whose academy's first session is due a
 * reminder and who has not had it; answers how many emails were queued. Each academy's places
 * are reminded in one transaction holding its offering's row, so two instances (or two runs)
 * cannot remind one place twice: the second reads the first's history entries once it holds the row.
 */
export async function sendFirstSessionReminders(db: Db, ctx: ReminderContext): Promise<number> {
  const today = facilityToday(ctx.now, ctx.timeZone)
  const academies = await db.kysely
    .selectFrom('academies as a')
    .innerJoin('offerings as o', (join) => join.onRef('o.academyId', '=', 'a.id').on('o.kind', '=', 'academy-place'))
    .select(['a.id', 'a.name', 'a.coach', 'a.location', 'a.weekdays', 'a.startTime', 'a.endTime', 'a.startDate', 'a.endDate', 'a.skippedDates', 'o.id as offeringId'])
    .where('a.isActive', '=', boolParam(db.dialect, true))
    .where('a.startTime', 'is not', null)
    .where('a.startDate', '<=', addDays(today, REMINDER_DAYS))
    .where('a.endDate', '>=', today)
    .execute()
  let sent = 0
  for (const academy of academies) {
    const startTime = academy.startTime!
    const [first] = readSchedule(academy).sessionDates
    if (!first) continue
    const remindFrom = sessionStartsAt(addDays(first, -REMINDER_DAYS), startTime, ctx.timeZone)
    const startsAt = sessionStartsAt(first, startTime, ctx.timeZone)
    if (ctx.now < remindFrom || ctx.now >= startsAt) continue
    sent += await remindPlaces(db, { ...academy, startTime }, first, ctx)
  }
  return sent
}

async function remindPlaces(
  db: Db,
  academy: { id: string; offeringId: string; name: string; coach: string | null; location: string | null; startTime: string },
  first: string,
  ctx: ReminderContext,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    await holdOffering(tx, academy.offeringId)
    const places = await academyPlaces(tx, academy.id, ['confirmed'])
    if (places.length === 0) return 0
    const reminded = await tx.kysely
      .selectFrom('registrationEvents')
      .select('registrationId')
      .where('action', '=', REMINDED)
      .where(
        inList(
          tx.dialect,
          'registrationId',
          places.map((p) => p.registrationId),
        ),
      )
      .execute()
    const done = new Set(reminded.map((r) => r.registrationId))
    const due = places.filter((p) => !done.has(p.registrationId))
    if (due.length === 0) return 0
    await eventsInsert(
      tx,
      due.map((p) => ({ registrationId: p.registrationId, action: REMINDED, actorId: null, details: { sessionDate: first }, now: ctx.now })),
    ).execute()
    const emails = householdsOf(due).map((household) => firstSessionReminderEmail(ctx.siteUrl, academy, first, household))
    await enqueueEmails(tx, emails, ctx.now)
    return emails.length
  })
}

/** On each instance, every `everyMs`: the first-session reminders due. */
export function createAcademySweeper(opts: { db: Db; siteUrl: string; timeZone: string; log: { error(obj: unknown, msg: string): void }; now: () => Date; everyMs?: number }) {
  return createPeriodic({
    everyMs: opts.everyMs ?? 60_000,
    work: () => sendFirstSessionReminders(opts.db, { now: opts.now(), timeZone: opts.timeZone, siteUrl: opts.siteUrl }),
    log: opts.log,
    failure: 'academy reminders failed',
  })
}
