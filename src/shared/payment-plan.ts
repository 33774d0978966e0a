import { formatDate } from './format.ts'
import { formatMoney } from './money.ts'
import { addDays } from './registration-window.ts'

/**
 * Payment plans (issue 24): a product may let people pay a deposit when they sign up and the rest
 * in up to three parts on set days. A line keeps the plan of the day it was made; its parts are
 * worked out from what the line asks now, so a discount or a staff adjustment later makes the
 * parts smaller and never asks back what was paid. Payments fill the parts in order.
 */
export interface PaymentPlan {
  depositCents: number
  /** The days the other parts are due, facility days in order: one to three. */
  dueDates: string[]
}

/**
 * A product's plan as a program ending on `lastDay` asks it (a league's end date, an academy's last
 * session, a camp's last day, a drop-in's date): the facility asks for nothing once the program is
 * over, so a part the price list dates later falls due on that day. Only the late parts move — the
 * others keep the days the price list set and every part its amount (parts split by count, not by
 * day) — where compressing the plan's interval would move days that were never late; parts
 * brought onto one day read as one (`planDueText`). A sign-up's line keeps the plan as this gives
 * it, so the order, the receipt and the emails ask what the sign-up page showed.
 */
export function planEndingBy(plan: PaymentPlan | null, lastDay: string): PaymentPlan | null {
  if (!plan || plan.dueDates.every((day) => day <= lastDay)) return plan
  return { depositCents: plan.depositCents, dueDates: plan.dueDates.map((day) => (day > lastDay ? lastDay : day)) }
}

/** Up to three parts after the deposit. */
export const MAX_PLAN_PARTS = 3

/** A part's payment link is emailed this many days before its day. */
export const PLAN_REMINDER_DAYS = 7

export type PartState = 'paid' | 'due' | 'overdue' | 'upcoming'

export interface PlanPart {
  /** The deposit is due at sign-up (null); each other part on its day. */
  dueDate: string | null
  amountCents: number
  /** What payments so far put towards this part. */
  paidCents: number
  state: PartState
}

/**
 * The parts of a line of `amountDueCents` under `plan`, with what `paidCents` covers of each on
 * `today`: the deposit (never more than the line asks), then the rest split evenly over the
 * parts, the cents left over on the last. Parts brought onto one day (`planEndingBy`) are one part
 * of that day: one amount to pay, to list and to be reminded of.
 */
export function planParts(plan: PaymentPlan, amountDueCents: number, paidCents: number, today: string): PlanPart[] {
  const parts: PlanPart[] = []
  for (const part of partsByCount(plan, amountDueCents, paidCents, today)) {
    const sameDay = parts.at(-1)
    if (sameDay && part.dueDate !== null && sameDay.dueDate === part.dueDate) {
      sameDay.amountCents += part.amountCents
      sameDay.paidCents += part.paidCents
      sameDay.state = stateOf(sameDay.dueDate, sameDay.amountCents - sameDay.paidCents, today)
    } else parts.push(part)
  }
  return parts
}

/** The parts as the plan counts them, one a due date (`planParts`, before a day's are one). */
function partsByCount(plan: PaymentPlan, amountDueCents: number, paidCents: number, today: string): PlanPart[] {
  const deposit = Math.min(plan.depositCents, amountDueCents)
  const rest = amountDueCents - deposit
  const count = plan.dueDates.length
  const each = Math.floor(rest / count)
  const amounts = [deposit, ...plan.dueDates.map((_, i) => (i === count - 1 ? rest - each * (count - 1) : each))]
  const dates = [null, ...plan.dueDates]
  let left = paidCents
  return amounts.map((amountCents, i) => {
    const paid = Math.max(0, Math.min(left, amountCents))
    left -= paid
    const dueDate = dates[i]!
    return { dueDate, amountCents, paidCents: paid, state: stateOf(dueDate, amountCents - paid, today) }
  })
}

/**
 * The plan of a line once `givenBackCents` of what it received is refunded and its price lowered by
 * as much ("part of the fee given back"; `amountDueCents` and `paidCents` as they were before): the
 * money comes off the parts already paid, latest first, so each part still open asks what it asked
 * and nothing given back falls due again. Within the deposit, the deposit is lowered; beyond it,
 * the parts paid in full join the deposit, and a part due now that the refund reaches into does
 * too. The rest keeps its days and is split as before (to the cent, but for a cent moved between
 * two parts when the rest does not split evenly).
 */
export function planAfterGivingBack(plan: PaymentPlan, amountDueCents: number, paidCents: number, givenBackCents: number, today: string): PaymentPlan {
  const deposit = Math.min(plan.depositCents, amountDueCents)
  if (givenBackCents <= deposit) return { depositCents: deposit - givenBackCents, dueDates: plan.dueDates }
  const parts = partsByCount(plan, amountDueCents, paidCents, today)
  const open = parts.findIndex((p) => p.paidCents < p.amountCents)
  if (open < 0) return plan
  const paidInFull = parts.slice(0, open).reduce((sum, p) => sum + p.amountCents, 0)
  if (paidInFull >= givenBackCents) return { depositCents: paidInFull - givenBackCents, dueDates: plan.dueDates.slice(open - 1) }
  const reached = parts[open]!
  if (reached.state !== 'upcoming' && open < plan.dueDates.length) return { depositCents: paidInFull + reached.amountCents - givenBackCents, dueDates: plan.dueDates.slice(open) }
  return { depositCents: 0, dueDates: plan.dueDates.slice(open - 1) }
}

function stateOf(dueDate: string | null, openCents: number, today: string): PartState {
  if (openCents <= 0) return 'paid'
  if (dueDate !== null && dueDate < today) return 'overdue'
  if (dueDate === null || dueDate <= addDays(today, PLAN_REMINDER_DAYS)) return 'due'
  return 'upcoming'
}

/** What a line under a plan asks to be paid by `today`: its deposit and every part whose payment link has gone out, less what was paid. */
export function dueNowCents(parts: readonly PlanPart[]): number {
  return parts.filter((p) => p.state === 'due' || p.state === 'overdue').reduce((sum, p) => sum + p.amountCents - p.paidCents, 0)
}

/**
 * What a plan asks and when, as a sentence goes on: "$50.00 due now, then $65.00 on 1/15/2027 and
 * $65.00 on 2/15/2027" — what is due now as the checkout counts it (`dueNowCents`), then each part
 * to come on its day. `parts` may be several places' (one order's children): a day's are summed.
 */
export function planDueText(parts: readonly PlanPart[]): string {
  const later = new Map<string, number>()
  for (const part of parts) {
    if (part.state === 'upcoming') later.set(part.dueDate!, (later.get(part.dueDate!) ?? 0) + part.amountCents - part.paidCents)
  }
  const now = dueNowCents(parts)
  const dueNow = now > 0 ? `${formatMoney(now)} due now` : 'nothing due now'
  const coming = [...later].sort(([a], [b]) => a.localeCompare(b)).map(([day, cents]) => `${formatMoney(cents)} on ${formatDate(day)}`)
  if (coming.length === 0) return dueNow
  const list = coming.length === 1 ? coming[0]! : `${coming.slice(0, -1).join(', ')} and ${coming.at(-1)!}`
  return `${dueNow}, then ${list}`
}

/**
 * What places just taken or being paid ask at the desk: all they owe, what is due now (under a
 * plan its deposit and the parts whose day is near; without one, all of it) and, when a plan
 * spreads it, its words ("$50.00 due now, then $65.00 on 1/15/2027 and $65.00 on 2/15/2027").
 */
export function owedAtDesk(places: readonly { plan: PaymentPlan | null; priceCents: number; paidCents: number; balanceCents: number }[], today: string): { owedCents: number; dueNowCents: number; plan: string | null } {
  const owing = places.filter((p) => p.balanceCents > 0)
  const parts = owing.flatMap((p) => partsOfPlace(p, today) ?? [{ dueDate: null, amountCents: p.balanceCents, paidCents: 0, state: 'due' as const }])
  const planned = owing.some((p) => p.plan !== null)
  return { owedCents: owing.reduce((sum, p) => sum + p.balanceCents, 0), dueNowCents: dueNowCents(parts), plan: planned ? planDueText(parts) : null }
}

/** The first part not paid whose day has passed, if any: staff see it flagged. */
export function overduePart(parts: readonly PlanPart[]): PlanPart | undefined {
  return parts.find((p) => p.state === 'overdue')
}

/** The parts of a place's payment plan as they stand on `today`; null without a plan, or once nothing is owed on it. */
export function partsOfPlace(place: { plan: PaymentPlan | null; priceCents: number; paidCents: number; balanceCents: number }, today: string): PlanPart[] | null {
  if (!place.plan || place.balanceCents <= 0) return null
  return planParts(place.plan, place.priceCents, place.paidCents, today)
}

/** A plan's next step in a line: `Overdue: $43.33 due 1/15/2027`, `Due now: $50.00 deposit`, `Next: $43.33 due 2/15/2027`. */
export function nextPartText(parts: readonly PlanPart[]): string | null {
  const next = overduePart(parts) ?? parts.find((p) => p.state !== 'paid')
  if (!next) return null
  const amount = formatMoney(next.amountCents - next.paidCents)
  const what = next.dueDate === null ? `${amount} deposit` : `${amount} due ${formatDate(next.dueDate)}`
  return `${{ overdue: 'Overdue', due: 'Due now', upcoming: 'Next', paid: 'Paid' }[next.state]}: ${what}`
}

/**
 * The day since which a place is unpaid past its due date, for staff (issue 30): under a plan, its
 * first part past its day; without one, its start (the league's first day, the academy's first
 * session) once that has come and the place, confirmed or held, still owes. Null when nothing is
 * past due: a waitlist position or an unclaimed offer is charged nothing.
 */
export function pastDueSince(place: { status: string; plan: PaymentPlan | null; priceCents: number; paidCents: number; balanceCents: number; offering: { startDate: string } }, today: string): string | null {
  if (place.balanceCents <= 0 || (place.status !== 'confirmed' && place.status !== 'held')) return null
  if (place.plan) return overduePart(planParts(place.plan, place.priceCents, place.paidCents, today))?.dueDate ?? null
  return place.offering.startDate <= today ? place.offering.startDate : null
}
