import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { timestampParam } from '../../db/values.ts'
import { conflict, notFound } from '../../core/refusals.ts'
import { enqueueEmails } from '../../core/outbox.queries.ts'
import { ACTIVE_STATUSES } from '../../../shared/schemas/registration.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import { formatDate } from '../../../shared/format.ts'
import { findAcademyForAdmin } from './academies.admin.queries.ts'
import { scheduleText } from './academy-attendance.queries.ts'
import { scheduleChangedEmail, sessionCancelledEmail } from './academy-emails.ts'
import { academyPlaces, householdsOf } from './academy-places.queries.ts'

/** What families hear when staff change an academy's sessions (issue 23): one cancelled, or a new time. */

/** Those who would have come: a place confirmed, held awaiting payment, or offered from the waitlist. */
const HOLDING_PLACES = ['confirmed', 'held', 'offered'] as const

interface NoticeContext {
  now: Date
  /** The facility's day: a session before it has taken place. */
  today: string
  siteUrl: string
}

/**
 * Cancels one session: the date joins the academy's skipped dates and, in the same transaction,
 * every account holder with a place hears of it, one email per family naming their children.
 */
export async function cancelSession(db: Db, academyId: string, date: string, ctx: NoticeContext): Promise<{ sessions: string[]; emailed: number }> {
  return inTransaction(db, async (tx) => {
    // PostgreSQL: hold the academy's row, so two sessions cancelled at once both join its skipped dates.
    if (tx.dialect === 'postgres') await tx.kysely.selectFrom('academies').select('id').where('id', '=', academyId).forUpdate().execute()
    const academy = await findAcademyForAdmin(tx, academyId)
    if (!academy) throw notFound('There is no such academy.')
    if (academy.skippedDates.includes(date)) throw conflict(`The session of ${academy.name} on ${formatDate(date)} is already cancelled.`)
    if (!academy.sessionDates.includes(date)) throw notFound(`${academy.name} has no session on ${formatDate(date)}.`)
    if (date < ctx.today) throw conflict(`The session of ${academy.name} on ${formatDate(date)} has already taken place.`)
    await tx.kysely
      .updateTable('academies')
      .set({ skippedDates: [...academy.skippedDates, date].sort().join(','), updatedAt: timestampParam(tx.dialect, ctx.now) })
      .where('id', '=', academyId)
      .execute()
    const households = householdsOf(await academyPlaces(tx, academyId, HOLDING_PLACES))
    await enqueueEmails(
      tx,
      households.map((household) => sessionCancelledEmail(ctx.siteUrl, academy, date, household)),
      ctx.now,
    )
    return { sessions: academy.sessionDates.filter((d) => d !== date), emailed: households.length }
  })
}

/**
 * After staff changed an academy, in the change's transaction: when its weekdays or times are
 * new, everyone registered (the waitlist too: the time may decide whether they still want a place)
 * hears the new schedule. Answers how many account holders were emailed.
 */
export async function tellScheduleChange(tx: Db, before: AdminAcademy, after: AdminAcademy, ctx: Omit<NoticeContext, 'today'>): Promise<number> {
  const change = { before: scheduleText(before), after: scheduleText(after) }
  if (change.before === change.after || change.before === '' || change.after === '') return 0
  const households = householdsOf(await academyPlaces(tx, after.id, ACTIVE_STATUSES))
  await enqueueEmails(
    tx,
    households.map((household) => scheduleChangedEmail(ctx.siteUrl, after, change, household)),
    ctx.now,
  )
  return households.length
}
