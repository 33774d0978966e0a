import { ACTIVE_STATUSES, CHARGED_STATUSES, type RegistrationStatus } from './schemas/registration.ts'

/**
 * Money is whole cents everywhere — stored, computed and sent — in US dollars. Dollars appear only
 * where a person reads or types them, through these functions (docs/decisions/0012).
 */

/** Made on first use: the home page's cards need no currency formatter. */
let usd: Intl.NumberFormat | undefined

/** Cents as a person reads them: `$45.00`; below zero with the minus sign the pages put before a discount (`−$20.00`), not a hyphen. */
export function formatMoney(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const text = usd.format(Math.abs(cents) / 100)
  return cents < 0 ? `−${text}` : text
}

/** Cents as a form field holds them: `45.50`. */
export function dollarsText(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * What staff type as an amount — `45`, `45.5`, `45.50` — in cents, read from its digits rather
 * than through floating point; null for anything else (a sign, three decimals, letters).
 */
export function centsFromDollars(text: string): number | null {
  const parts = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!parts) return null
  return Number(parts[1]) * 100 + Number((parts[2] ?? '').padEnd(2, '0'))
}

/**
 * What a registration still owes: its price less what was paid. One that has ended owes nothing;
 * money still held shows as paid until it is refunded.
 */
export function balanceCents({ status, priceCents, paidCents }: { status: RegistrationStatus; priceCents: number; paidCents: number }): number {
  return ACTIVE_STATUSES.includes(status) ? priceCents - paidCents : 0
}

/**
 * What a registration can be charged now: its balance while it holds a place that is the
 * person's (confirmed, or held while they pay); nothing on the waitlist or for a place offered
 * and not yet claimed, so nobody pays for a place they do not hold (docs/decisions/0022).
 */
export function chargeableCents({ status, priceCents, paidCents }: { status: RegistrationStatus; priceCents: number; paidCents: number }): number {
  return CHARGED_STATUSES.includes(status) ? priceCents - paidCents : 0
}
