import { describe, expect, test } from 'vitest'
import type { OpenLeague } from '../../../shared/contracts/leagues.ts'
import { pageAnswers, renderPage } from '../../render-page.tsx'
import { testCustomer as customer, testSite as site } from '../../render-fixtures.ts'

/*
 * The open leagues a customer or the desk sees on /leagues state the price of the day as the home
 * page does: the early-bird price while it holds (what a sign-up is charged), then the list price.
 */

const league = (earlyBird: OpenLeague['pricing']['earlyBird']): OpenLeague => ({
  id: 'l-1',
  name: 'Winter Soccer Free Agents',
  sport: 'soccer',
  description: null,
  registrationDate: '2026-01-01',
  startDate: '2099-01-10',
  endDate: '2099-03-10',
  registrationDeadline: null,
  priceCents: 6500,
  placesLeft: null,
  waitlistSize: 0,
  minAge: null,
  maxAge: null,
  pricing: { listPriceCents: 6500, earlyBird, familyDiscountPercent: null, plan: null, lateSignUpPrice: 'full' },
})

async function render(leagues: OpenLeague[]): Promise<string> {
  const answers = (await pageAnswers('/leagues', customer)).map((answer) => ({ queryKey: answer.queryKey, json: JSON.stringify({ leagues }) }))
  expect(answers).toHaveLength(1)
  const { html } = await renderPage(site, '/leagues', answers, customer)
  return html
}

describe('the open leagues’ price', () => {
  test('while the early-bird price holds, the card says it, its last day and the price after', async () => {
    const html = await render([league({ priceCents: 5500, until: '2098-12-04' })])
    expect(html).toMatch(/<dt>Price<\/dt><dd>\$55\.00 through 12\/4\/2098 \(early bird\), then \$65\.00<\/dd>/)
  })

  test('once the early-bird price is over, the card says the list price', async () => {
    const html = await render([league({ priceCents: 5500, until: '2026-01-02' })])
    expect(html).toMatch(/<dt>Price<\/dt><dd>\$65\.00<\/dd>/)
  })
})
