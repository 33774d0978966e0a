import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** WCAG 2.1 A and AA: what every page is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Fails with each serious or critical axe violation's rule, help and elements, on the whole page or
 * `within` one part of it (a CSS selector).
 */
export async function expectNoSeriousViolations(page: Page, { within }: { within?: string } = {}): Promise<void> {
  // Legacy mode runs axe.run() in the page itself instead of finishing the run in a new blank
  // page, which halves the time of a check. Its one loss, cross-origin iframes, does not apply:
  // the client renders no iframes.
  const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode()
  const { violations } = await (within ? axe.include(within) : axe).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`)
  expect(report, `axe violations on ${page.url()} at ${page.viewportSize()?.width ?? '?'} px`).toEqual([])
}

/**
 * The same at each width (a desktop's and a phone's unless told), on the page as it stands: a
 * state reached by a flow is checked at both without walking the flow twice. `atEach` runs at
 * each width before axe does (a check of its own, or a wait). The page keeps its width afterwards.
 */
export async function expectNoSeriousViolationsAtWidths(
  page: Page,
  { widths = [1280, 375], height = 900, atEach }: { widths?: readonly number[]; height?: number; atEach?: (width: number) => Promise<void> } = {},
): Promise<void> {
  const before = page.viewportSize()
  for (const width of widths) {
    await page.setViewportSize({ width, height })
    await atEach?.(width)
    await expectNoSeriousViolations(page)
  }
  if (before) await page.setViewportSize(before)
}

/** At each width: the page never scrolls sideways, and axe finds no serious violation. */
export async function expectFitsAndNoSeriousViolations(page: Page, { widths = [1280, 375], height = 900 }: { widths?: readonly number[]; height?: number } = {}): Promise<void> {
  await expectNoSeriousViolationsAtWidths(page, {
    widths,
    height,
    atEach: async (width) => {
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))
      expect(scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(clientWidth)
    },
  })
}
