import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/*
 * Moving through a page the way a keyboard user does: Tab and Shift+Tab from wherever the
 * focus is, never focus() or a click. Every control reached must show that it has the focus.
 */

const MAX_PRESSES = 80

/** The focused element in a few words, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'the page itself'
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null
    const name = el.getAttribute('aria-label') ?? label ?? (el as HTMLElement).innerText
    return `<${el.tagName.toLowerCase()}> ${(name ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}`
  })
}

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement)
}

/** Fails unless the focused `target` draws an outline or a shadow that shows where the focus is. */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused()
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el)
    return { outline: style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth), shadow: style.boxShadow }
  })
  expect(ring.outline > 0 || ring.shadow !== 'none', `${await describeFocus(target.page())} has no visible focus indicator`).toBe(true)
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, and checks that it shows. Fails
 * after MAX_PRESSES with the way the focus went, for a control the keyboard cannot reach.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible()
  const key = backwards ? 'Shift+Tab' : 'Tab'
  const path: string[] = []
  for (let presses = 0; !(await isFocused(target)); presses += 1) {
    if (presses === MAX_PRESSES) {
      throw new Error(`${String(target)} was not reached in ${MAX_PRESSES} presses of ${key}; the focus went through:\n  ${path.join('\n  ')}`)
    }
    await page.keyboard.press(key)
    path.push(await describeFocus(page))
  }
  await expectVisibleFocus(target)
}

/** Tabs to a text field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field)
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

/** Replaces what a text field holds: select all, then type over it. */
export async function retype(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

/**
 * Types an ISO date into a date input segment by segment, as a person does in an en-US
 * browser: month, day, year, each moving on to the next by itself.
 */
export async function typeDate(page: Page, field: Locator, isoDate: string): Promise<void> {
  await tabTo(page, field)
  const [year, month, day] = isoDate.split('-')
  await page.keyboard.type(`${month}${day}${year}`)
  await expect(field).toHaveValue(isoDate)
}

/**
 * Chooses an option of a closed select by typing the start of its label, the browser's
 * type-ahead: one change, where arrow keys would pass through every option between.
 */
export async function chooseOption(page: Page, select: Locator, label: string, typed: string = label): Promise<void> {
  await tabTo(page, select)
  await page.keyboard.type(typed)
  await expect(select.locator('option:checked')).toHaveText(label)
}
