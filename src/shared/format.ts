const calendarDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' })
const localDate = new Intl.DateTimeFormat('en-US')

/**
 * An ISO calendar date (`2027-01-15`) or timestamp in en-US form (`1/15/2027`), spec §9.
 * Calendar dates are read as UTC so no time zone can move them a day; timestamps are
 * shown in the reader's own time zone.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return calendarDate.format(new Date(`${value}T00:00:00Z`))
  }
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : localDate.format(date)
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Cents to `$45.00`. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100)
}

/**
 * The calendar day (`YYYY-MM-DD`) at the facility: league dates are the facility's days, so
 * registration opens at the facility's midnight, not UTC's.
 */
export function facilityToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}
