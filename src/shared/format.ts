import type { FacilityDay } from './page-data.ts'

/**
 * Made on first use: the first Intl formatter of a page loads the locale and time zone data,
 * tens of milliseconds on a slow phone, which the home page's cards do not need.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

/** The zone moments are shown in: the reader's own until a page names the facility's. */
let momentZone: string | undefined
const dateFormat = () => new Intl.DateTimeFormat('en-US', { timeZone: momentZone })
const dateTimeFormat = () =>
  new Intl.DateTimeFormat('en-US', { timeZone: momentZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' })
let localDate = once(dateFormat)
let localDateTime = once(dateTimeFormat)

/**
 * Moments are shown in the facility's time zone (site-config.ts, and render-page.tsx on the
 * server): a page rendered on the server then reads the same once the browser takes it over,
 * wherever the reader is.
 */
export function showMomentsIn(timeZone: string): void {
  if (timeZone === momentZone) return
  momentZone = timeZone
  localDate = once(dateFormat)
  localDateTime = once(dateTimeFormat)
}

/**
 * An ISO calendar date (`2027-01-15`) or timestamp in en-US form (`1/15/2027`), product §9.
 * Calendar dates are written from their digits, so no time zone can move them a day;
 * timestamps are shown in the facility's time zone (showMomentsIn).
 */
export function formatDate(value: string | Date): string {
  const calendar = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (calendar) return `${Number(calendar[2])}/${Number(calendar[3])}/${calendar[1]}`
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : localDate().format(date)
}

/**
 * From one calendar day to another, as every page shows a league's or an academy's season: `1/10/2027 – 3/10/2027`;
 * a one-day camp or a drop-in's session is its one day, `11/28/2026`.
 */
export function formatDateRange(start: string, end: string): string {
  return start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`
}

/** A moment (`2027-01-15T14:30:00Z`) in en-US form in the facility's time zone: `1/15/2027, 9:30 AM`. */
export function formatDateTime(value: string | Date): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : localDateTime().format(date)
}

/** A file size in bytes as a person reads it: `812 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * A zone's formatter with `options`, made on its first use in that zone and kept: making a
 * formatter costs far more than using one (a tenth of a registration's time in a rush).
 */
export function formatInZone(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>()
  return (timeZone) => {
    let format = made.get(timeZone)
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
      made.set(timeZone, format)
    }
    return format
  }
}

const dayFormat = formatInZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' })

/**
 * The calendar day (`YYYY-MM-DD`) at the facility: league dates are the facility's days, so
 * registration opens at the facility's midnight, not UTC's.
 */
export function facilityToday(now: Date, timeZone: string): string {
  return dayFormat(timeZone).format(now)
}

/**
 * The facility's day at `now` and the moment it ends there (its next midnight, found to the
 * second: days are 23 to 25 hours long where clocks change). A page carries it so the browser
 * renders its first frame with the server's day and builds no time-zone formatter while it hydrates.
 */
export function facilityDayAt(now: Date, timeZone: string): FacilityDay {
  const day = facilityToday(now, timeZone)
  let last = now.getTime()
  let next = last + 26 * 60 * 60 * 1000
  while (next - last > 1000) {
    const middle = Math.floor((last + next) / 2)
    if (facilityToday(new Date(middle), timeZone) === day) last = middle
    else next = middle
  }
  return { day, until: Math.floor(next / 1000) * 1000 }
}


/** A count with its noun: `1 admin`, `2 admins`, `1 person`, `3 people` (the plural when it is not the noun plus s). */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`
}

/** Cents from their digits (`$1,080.00`): the home page's cards state prices and load no currency formatter. */
export function moneyText(cents: number): string {
  return `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+\.)/g, ',')}`
}

/**
 * A price as a card states it on `today` (issue 30): "$55.00 through 1/10/2027 (early bird), then
 * $65.00" while an early-bird price runs (through its last day), then "$65.00", or "Free".
 */
export function priceFactText(rules: { listPriceCents: number; earlyBird: { priceCents: number; until: string } | null }, today: string): string {
  const early = rules.earlyBird && today <= rules.earlyBird.until ? rules.earlyBird : null
  if (early) return `${moneyText(early.priceCents)} through ${formatDate(early.until)} (early bird), then ${moneyText(rules.listPriceCents)}`
  return rules.listPriceCents === 0 ? 'Free' : moneyText(rules.listPriceCents)
}
