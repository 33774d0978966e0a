import { describeSchedule, formatTime, WEEKDAY_NAMES, weekdayOf } from '../../../shared/academy-schedule.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { partsOfPlace, planDueText } from '../../../shared/payment-plan.ts'
import { sessionsLeft } from '../../../shared/prices.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { receiptPath } from '../../../shared/receipt-path.ts'
import type { RegistrationView, Schedule } from '../../../shared/contracts/registrations.ts'
import type { NewEmail } from '../outbox.queries.ts'
import type { PaymentMethod } from '../../../shared/schemas/payments.ts'
import type { KindEmailLines, Kinds } from './kinds.ts'

/**
 * The words of every registration email, in one place; what one says of a place of some kind
 * (who holds it, what a confirmation adds) its kind says (kinds.ts `Kind.emails`). `siteUrl` has
 * no trailing slash.
 */
export function receiptUrl(siteUrl: string, r: RegistrationView): string {
  return siteUrl + receiptPath(r)
}

/** Who holds a person's place: their child, or themselves. */
const personHolder = (r: RegistrationView): string => (r.child ? `${r.child.name} is` : 'You are')

/** A confirmation's first line: whoever `holder` names took a place in the offering. */
export const placeHeldLine = (holder: string, r: RegistrationView): string => `${holder} registered for ${r.offering.name}. Your place is held.`

/** A person's place (theirs or their child's), for a kind whose emails say no more of it than whose it is. */
export const personEmailLines = {
  holder: personHolder,
  confirmed: (r: RegistrationView) => [placeHeldLine(personHolder(r), r)],
} satisfies KindEmailLines

/** A person's place in a program that meets on dates (kinds.ts `PlaceFacts`), its confirmation telling when it meets and the dates to come. */
export const programEmailLines = {
  holder: personHolder,
  confirmed: (r: RegistrationView, details: { schedule: Schedule }, today: string) => [...personEmailLines.confirmed(r), ...sessionLines(details.schedule, today)],
}

/** The sessions of a place in a program: when it meets, and every date from `today` on (a late sign-up is told how many are left of all). */
function sessionLines(schedule: Schedule, today: string): string[] {
  const [first] = schedule.sessionDates
  if (first === undefined) return []
  if (schedule.sessionDates.length === 1) {
    // One session (a drop-in): its day and hours, not the weekdays it might fall on.
    const hours = schedule.startTime && schedule.endTime ? `, ${formatTime(schedule.startTime)} – ${formatTime(schedule.endTime)}` : ''
    return [`${WEEKDAY_NAMES[weekdayOf(first)]}, ${formatDate(first)}${hours}.`]
  }
  const when = schedule.startTime && schedule.endTime ? `${describeSchedule({ ...schedule, startTime: schedule.startTime, endTime: schedule.endTime })}. ` : ''
  const left = sessionsLeft(schedule.sessionDates, today)
  const count = schedule.sessionDates.length
  if (left.length === 0) return [`${when}All ${countOf(count, 'session')} have taken place.`]
  const how = left.length === count ? countOf(count, 'session') : `${left.length} of ${countOf(count, 'session')} left`
  return [`${when}${how}: ${left.map(formatDate).join(', ')}.`]
}

/** The lines the kind of the place writes of it: the view's details are its kind's (registrations.queries.ts). */
function kindLines(kinds: Kinds, r: RegistrationView, today: string): { confirmed: string[] } {
  const lines = kinds[r.offering.kind].emails as KindEmailLines
  return { confirmed: lines.confirmed(r, r.offering.details, today) }
}

/**
 * What the place still asks: nothing once paid (online, say), or the balance — under a payment
 * plan, what is due now and each part's day — and where to pay it, online too when the site takes
 * card payments.
 */
function amountLine(siteUrl: string, r: RegistrationView, paysOnline: boolean, today: string): string {
  if (r.priceCents === 0) return 'Nothing to pay.'
  if (r.balanceCents <= 0) return `Paid in full: ${formatMoney(r.paidCents)}.`
  const parts = partsOfPlace(r, today)
  const due = `Amount due: ${formatMoney(r.balanceCents)}${parts ? ` by its payment plan, ${planDueText(parts)}` : ''}`
  return paysOnline && r.orderId ? `${due} — pay online at ${siteUrl}${href('checkout', { orderId: r.orderId })} or at the front desk.` : `${due} — pay at the front desk.`
}

/** `today`: the facility's day it is written on: the sessions it lists are those to come, and a payment plan's parts what is due now. */
export function confirmationEmail(siteUrl: string, kinds: Kinds, r: RegistrationView, today: string, paysOnline = false): NewEmail {
  return {
    to: r.registrantEmail,
    subject: `Registration confirmed: ${r.offering.name}`,
    text: [
      `Hi ${r.registrantName},`,
      '',
      ...kindLines(kinds, r, today).confirmed,
      `Receipt number: ${r.receiptNumber}`,
      amountLine(siteUrl, r, paysOnline, today),
      '',
      `Your receipt: ${receiptUrl(siteUrl, r)}`,
    ].join('\n'),
  }
}

export function waitlistedEmail(siteUrl: string, kinds: Kinds, r: RegistrationView): NewEmail {
  return {
    to: r.registrantEmail,
    subject: `You are on the waitlist: ${r.offering.name}`,
    text: [
      `Hi ${r.registrantName},`,
      '',
      `${r.offering.name} is full. ${(kinds[r.offering.kind].emails as KindEmailLines).holder(r, r.offering.details)} number ${r.waitlistPosition ?? '?'} on the waitlist.`,
      'If a place opens up we will email you, and you will have a limited time to claim it.',
      '',
      `Your registrations: ${siteUrl}${href('account')}`,
    ].join('\n'),
  }
}

export function offerEmail(siteUrl: string, r: RegistrationView): NewEmail {
  const until = r.offerExpiresAt ? new Date(r.offerExpiresAt) : null
  return {
    to: r.registrantEmail,
    subject: `A place opened up: ${r.offering.name}`,
    text: [
      `Hi ${r.registrantName},`,
      '',
      `Good news: a place opened up in ${r.offering.name}${r.child ? ` for ${r.child.name}` : ''}.`,
      until
        ? `Claim it before ${formatDate(until)} ${until.toISOString().slice(11, 16)} UTC, or it will be offered to the next person on the waitlist.`
        : 'Claim it soon, or it will be offered to the next person on the waitlist.',
      '',
      `Claim your place: ${siteUrl}${href('account')}`,
    ].join('\n'),
  }
}

export function cancellationEmail(siteUrl: string, r: RegistrationView, reason: 'cancelled' | 'declined' | 'expired' | 'unpaid'): NewEmail {
  const what = {
    cancelled: `${r.child ? `${r.child.name}'s` : 'Your'} registration for ${r.offering.name} has been cancelled.`,
    declined: `${r.child ? `${r.child.name}'s` : 'Your'} registration for ${r.offering.name} was declined by the facility.`,
    expired: `The place offered to you in ${r.offering.name} was not claimed in time and has gone to the next person.`,
    unpaid: `The place held for ${r.child ? r.child.name : 'you'} in ${r.offering.name} was not paid in time and has gone to the next person.`,
  }[reason]
  const subject = { cancelled: 'cancelled', declined: 'declined', expired: 'offer expired', unpaid: 'not paid in time' }[reason]
  return {
    to: r.registrantEmail,
    subject: `Registration ${subject}: ${r.offering.name}`,
    text: [
      `Hi ${r.registrantName},`,
      '',
      what,
      r.paidCents > 0 ? `Payments on record: ${formatMoney(r.paidCents)}. Balance: ${formatMoney(r.balanceCents)}.` : '',
      '',
      `Receipt: ${receiptUrl(siteUrl, r)}`,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  }
}

/** How money moved, as the family reads it: "in cash at the front desk", "online". */
const METHOD_WORDS: Record<PaymentMethod, string> = { cash: 'in cash', card: 'by card', check: 'by check', online: 'online' }

/** The place's money as it stands, for the emails about its payments. */
function moneyLines(siteUrl: string, r: RegistrationView): string[] {
  return [`Receipt number: ${r.receiptNumber}`, `Price: ${formatMoney(r.priceCents)}`, `Paid: ${formatMoney(r.paidCents)}`, `Balance: ${formatMoney(Math.max(r.balanceCents, 0))}`, '', `Your receipt: ${receiptUrl(siteUrl, r)}`]
}

/** A payment taken at the front desk, for the family's records (issue 30). */
export function deskPaymentEmail(siteUrl: string, r: RegistrationView, payment: { amountCents: number; method: PaymentMethod }): NewEmail {
  return {
    to: r.registrantEmail,
    subject: `Payment received: ${r.offering.name}`,
    text: [`Hi ${r.registrantName},`, '', `${formatMoney(payment.amountCents)} paid ${METHOD_WORDS[payment.method]} at the front desk for ${r.child ? `${r.child.name}'s place in ` : ''}${r.offering.name}. Thank you.`, ...moneyLines(siteUrl, r)].join('\n'),
  }
}

/** Money given back from a payment, and the price lowered with it when it was (issue 30). */
export function refundEmail(siteUrl: string, r: RegistrationView, refund: { amountCents: number; method: PaymentMethod; reason: string | null; priceLowered: boolean; pending: boolean }): NewEmail {
  const why = refund.reason ? ` (${refund.reason})` : ''
  const lowered = refund.priceLowered ? ` The price is lowered to ${formatMoney(r.priceCents)}.` : ''
  const when = refund.pending ? ' It reaches your card in a few days.' : ''
  return {
    to: r.registrantEmail,
    subject: `Refund: ${r.offering.name}`,
    text: [`Hi ${r.registrantName},`, '', `${formatMoney(refund.amountCents)} of your ${refund.method === 'online' ? 'online' : refund.method} payment is refunded${why}.${lowered}${when}`, ...moneyLines(siteUrl, r)].join('\n'),
  }
}

/** A refund the card company could not make: nothing came back, and a price it lowered is what it was. */
export function refundFailedEmail(siteUrl: string, r: RegistrationView, refund: { amountCents: number; method: PaymentMethod; reason: string | null; priceRestored: boolean }): NewEmail {
  const why = refund.reason ? ` (${refund.reason})` : ''
  const price = refund.priceRestored ? `, and the price is ${formatMoney(r.priceCents)} again` : ''
  return {
    to: r.registrantEmail,
    subject: `Refund not made: ${r.offering.name}`,
    text: [
      `Hi ${r.registrantName},`,
      '',
      `The refund of ${formatMoney(refund.amountCents)} of your ${refund.method === 'online' ? 'online' : refund.method} payment${why} did not go through: nothing was given back${price}. The front desk will be in touch about giving it back another way; you can also contact them.`,
      ...moneyLines(siteUrl, r),
    ].join('\n'),
  }
}

/** The receipt, sent again by staff at the family's request (issue 30). */
export function receiptEmail(siteUrl: string, r: RegistrationView): NewEmail {
  return {
    to: r.registrantEmail,
    subject: `Your receipt: ${r.offering.name}`,
    text: [`Hi ${r.registrantName},`, '', `Here is the receipt for ${r.child ? `${r.child.name}'s place in ` : ''}${r.offering.name}, as the front desk asked.`, ...moneyLines(siteUrl, r)].join('\n'),
  }
}
