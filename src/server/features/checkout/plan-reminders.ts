import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { inList, timestampParam } from '../../db/values.ts'
import { enqueueEmails, type NewEmail } from '../../core/outbox.queries.ts'
import { paidOnLines } from '../../core/payments/orders.queries.ts'
import { planOf } from '../../core/payments/products.queries.ts'
import { createPeriodic } from '../../periodic.ts'
import { facilityToday, formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { planParts, PLAN_REMINDER_DAYS, type PlanPart } from '../../../shared/payment-plan.ts'
import { addDays } from '../../../shared/registration-window.ts'

/**
 * Payment plans' reminders (issue 24): from a week before a part's day, the payer of a confirmed
 * place is emailed what the part asks and the link that pays it, once per line and day. The row
 * of `planReminders` is written in the transaction that queues the email, and a second run (or
 * another instance) finds it there: nobody hears twice.
 */
export interface PlanReminderContext {
  now: Date
  timeZone: string
  siteUrl: string
  /** With a provider taking payment online the email links the checkout; without, it says the front desk takes payment. */
  paysOnline: boolean
}

/** Emails each payer whose plan has a part due within the week, or past its day, not reminded yet; answers how many were queued. */
export async function sendPlanReminders(db: Db, ctx: PlanReminderContext): Promise<number> {
  const today = facilityToday(ctx.now, ctx.timeZone)
  const lines = await db.kysely
    .selectFrom('orderLines as line')
    .innerJoin('registrations as r', 'r.id', 'line.registrationId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select(['line.id', 'line.orderId', 'line.description', 'line.amountDueCents', 'line.planDepositCents', 'line.planDueDates', 'u.email', 'u.displayName', 'c.firstName as childFirstName'])
    .where('line.planDueDates', 'is not', null)
    .where('r.status', '=', 'confirmed')
    .execute()
  if (lines.length === 0) return 0
  const [paid, reminded] = await Promise.all([
    paidOnLines(
      db,
      lines.map((l) => l.id),
    ),
    db.kysely
      .selectFrom('planReminders')
      .select(['orderLineId', 'dueDate'])
      .where(
        inList(
          db.dialect,
          'orderLineId',
          lines.map((l) => l.id),
        ),
      )
      .execute(),
  ])
  const done = new Set(reminded.map((r) => `${r.orderLineId} ${r.dueDate}`))
  const horizon = addDays(today, PLAN_REMINDER_DAYS)
  let sent = 0
  for (const line of lines) {
    const plan = planOf(line)!
    const parts = planParts(plan, line.amountDueCents, paid.get(line.id) ?? 0, today)
    for (const part of parts) {
      if (part.dueDate === null || part.state === 'paid' || part.dueDate > horizon || done.has(`${line.id} ${part.dueDate}`)) continue
      if (await remindOnce(db, line.id, part.dueDate, partEmail(ctx, line, part), ctx.now)) sent++
    }
  }
  return sent
}

async function remindOnce(db: Db, orderLineId: string, dueDate: string, email: NewEmail, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const written = await tx.kysely
      .insertInto('planReminders')
      .values({ orderLineId, dueDate, sentAt: timestampParam(tx.dialect, now) })
      .onConflict((oc) => oc.columns(['orderLineId', 'dueDate']).doNothing())
      .returning('orderLineId')
      .executeTakeFirst()
    if (!written) return false
    await enqueueEmails(tx, [email], now)
    return true
  })
}

function partEmail(
  ctx: PlanReminderContext,
  line: { orderId: string; description: string; email: string; displayName: string; childFirstName: string | null },
  part: PlanPart,
): NewEmail {
  const what = line.childFirstName ? `${line.description} (${line.childFirstName})` : line.description
  const amount = formatMoney(part.amountCents - part.paidCents)
  const day = formatDate(part.dueDate!)
  return {
    to: line.email,
    subject: `${part.state === 'overdue' ? 'Payment overdue' : 'Payment due'}: ${line.description}`,
    text: [
      `Hi ${line.displayName},`,
      '',
      part.state === 'overdue' ? `A part of your payment plan for ${what} was due on ${day}: ${amount}.` : `The next part of your payment plan for ${what} is due on ${day}: ${amount}.`,
      ctx.paysOnline ? `Pay it online: ${ctx.siteUrl}${href('checkout', { orderId: line.orderId })}` : 'Please pay it at the front desk.',
      '',
      `Your registrations: ${ctx.siteUrl}${href('account')}`,
    ].join('\n'),
  }
}

/** On each instance, every `everyMs`: the payment plan reminders due. */
export function createPlanReminders(opts: PlanReminderOptions) {
  return createPeriodic({
    everyMs: opts.everyMs ?? 10 * 60_000,
    work: () => sendPlanReminders(opts.db, { now: opts.now(), timeZone: opts.timeZone, siteUrl: opts.siteUrl, paysOnline: opts.paysOnline }),
    log: opts.log,
    failure: 'payment plan reminders failed',
  })
}

interface PlanReminderOptions extends Omit<PlanReminderContext, 'now'> {
  db: Db
  now: () => Date
  log: { error(obj: unknown, msg: string): void }
  everyMs?: number
}
