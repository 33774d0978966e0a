import { expectNoSeriousViolations } from './axe.ts'
import { daysFromToday, expect, test, uniqueToken } from './fixtures.ts'

/*
 * The manager's morning page (issue 32): the Registration and Money sections arrive on their own
 * after the page, at a laptop's and a phone's width, without the page scrolling sideways; the chart
 * of sign-ups has its table, and axe finds nothing serious.
 */
test('the dashboard shows registration and money at 1 280 and 390 px', async ({ asAdmin: page, insertLeague }) => {
  // Two widths, each with an axe pass over six sections: more than the default 30 s on a busy 2-core machine.
  test.slow()
  const name = `Dashboard League ${uniqueToken()}`
  await insertLeague({ name, sport: 'basketball', kind: 'individual', capacity: 40, priceCents: 5000, registrationDate: daysFromToday(-10) })
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/dashboard')
    const registration = page.getByRole('region', { name: 'Registration' })
    await expect(registration.getByRole('list', { name: 'Sign-ups' })).toContainText('this season')
    await expect(registration.getByRole('table', { name: 'Places in each active program' }).getByRole('row', { name: new RegExp(name) })).toContainText('0 of 40 places (0%)')
    await expect(registration.locator('svg.registrations-chart')).toBeVisible()
    await registration.getByText('Sign-ups per day as a table').click()
    await expect(registration.getByRole('table', { name: /Sign-ups per day/ })).toBeVisible()
    const money = page.getByRole('region', { name: 'Money' })
    await expect(money.getByRole('table', { name: 'Money collected by method, and refunds' }).getByRole('row')).toHaveCount(8)
    await expect(money.getByRole('heading', { name: 'Outstanding' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0)
    await expectNoSeriousViolations(page, { within: 'main' })
  }
})
