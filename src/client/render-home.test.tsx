import { expect, test } from 'vitest'
import type { ActiveLeague } from '../shared/sports.ts'
import { renderHome } from './render-home.tsx'

/*
 * The server's render of the home page (docs/decisions/0007). The browser takes this markup
 * over; the browser tests check that it does so without a hydration error.
 */

const site = {
  facilityName: 'Riverside <Sports>',
  websiteUrl: 'https://riverside.example',
  soccerTeamWaitlistUrl: 'https://riverside.example/waitlist',
  timeZone: 'America/Chicago',
}

const soccer: ActiveLeague = {
  id: 'league-1',
  name: 'Spring Soccer',
  sport: 'soccer',
  kind: 'individual',
  description: 'Bring <shin> guards.',
  registrationDate: '2026-12-01',
  startDate: '2027-01-15',
  endDate: '2027-03-15',
}

const render = (leagues: ActiveLeague[], settings = site) => renderHome(settings, JSON.stringify({ leagues }))

test('the six cards, each with its league or the no-league text, with the facility settings', () => {
  const html = render([soccer])
  expect(html.match(/<article class="sport-card"/g)).toHaveLength(6)
  expect(html).toContain('<h3>Spring Soccer</h3>')
  expect(html).toContain('<dd>1/15/2027</dd>')
  expect(html).toContain('Bring &lt;shin&gt; guards.')
  expect(html).toContain('href="https://riverside.example/waitlist"')
  expect(html.match(/There are no active leagues at this time\./g)).toHaveLength(5)
  expect(html).toContain('Riverside &lt;Sports&gt;')
  expect(html).not.toContain('<shin>')
})

test('it is the page a visitor sees: the menu offers Sign In', () => {
  const html = render([])
  expect(html).toContain('>Sign In</a>')
  expect(html).not.toContain('>Account</button>')
})

test('each render uses its own settings and leagues', () => {
  render([soccer])
  const html = render([], { ...site, facilityName: 'Hilltop Arena' })
  expect(html).toContain('Hilltop Arena')
  expect(html).not.toContain('Riverside')
  expect(html).not.toContain('Spring Soccer')
})
