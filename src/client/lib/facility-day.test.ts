import { afterEach, expect, test, vi } from 'vitest'
import { facilityToday } from '../../shared/format.ts'

/** The module as a page carrying `block` (or none) loads it. */
async function pageWith(block: string | undefined) {
  vi.resetModules()
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'facility-day' && block !== undefined ? { textContent: block } : null) })
  return import('./facility-day.ts')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

test('while the day the page was rendered on lasts, it is the day: hydrating reads no clock in a time zone', async () => {
  const { facilityDayNow } = await pageWith(JSON.stringify({ day: '2031-02-03', until: Date.now() + 60_000 }))
  expect(facilityDayNow()).toBe('2031-02-03')
})

test('once that day has ended, or the page carries none or nonsense, the clock says', async () => {
  const today = facilityToday(new Date(), 'America/New_York')
  for (const block of [JSON.stringify({ day: '2031-02-03', until: Date.now() - 1 }), undefined, '{not json', JSON.stringify({ day: 20310203, until: 'later' })]) {
    const { facilityDayNow } = await pageWith(block)
    expect(facilityDayNow(), String(block)).toBe(today)
  }
})
