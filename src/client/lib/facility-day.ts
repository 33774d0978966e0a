import { facilityToday } from '../../shared/format.ts'
import { PAGE_DATA, type FacilityDay } from '../../shared/page-data.ts'
import { siteConfig } from '../site-config.ts'

function read(): FacilityDay | undefined {
  const text = typeof document === 'undefined' ? undefined : document.getElementById(PAGE_DATA.facilityDay)?.textContent
  if (!text) return undefined
  try {
    const { day, until } = JSON.parse(text) as Partial<FacilityDay>
    return typeof day === 'string' && typeof until === 'number' ? { day, until } : undefined
  } catch {
    return undefined
  }
}

const rendered = read()

/**
 * The facility's day now (`YYYY-MM-DD`): the day the server rendered the page on while it lasts
 * (server/pages.ts), so hydrating a page builds no time-zone formatter (tens of milliseconds on
 * a slow phone, docs/benchmarks.md); after it, or on the server, from the clock.
 */
export function facilityDayNow(): string {
  return rendered && Date.now() < rendered.until ? rendered.day : facilityToday(new Date(), siteConfig.timeZone)
}
