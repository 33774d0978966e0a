import type { Locator, Page } from '@playwright/test'
import { formatDate } from '../src/shared/format.ts'
import type { ActiveLeague } from '../src/shared/sports.ts'
import { BASE_URL, daysFromToday, expect, openInApp, showLeagues, test, uniqueToken } from './fixtures.ts'

/*
 * Product §1 and §4: the home page's sport cards. Every test shares one database, where other
 * tests add leagues, so most tests here put their own leagues in the page (showLeagues); the
 * tests of the server's own page read real leagues and find them by their unique names.
 */

const CARD_TITLES = ['Soccer', 'Adult Basketball', 'Basketball', 'Football', 'Baseball', 'Kids Sports']
const NO_LEAGUE = 'There are no active leagues at this time.'
const FACILITY_WEBSITE = 'https://www.example.com'
const TEAM_WAITLIST_FORM = 'https://www.example.com/soccer-team-waitlist'
const TEAM_WAITLIST_TEXT =
  'If space is available, a team is created and a registration link is sent to you. Otherwise, your team goes on a waiting list.'

function league(fields: Pick<ActiveLeague, 'name' | 'sport' | 'kind'> & Partial<ActiveLeague>): ActiveLeague {
  return {
    id: `league-${fields.name.toLowerCase().replace(/\W+/g, '-')}`,
    description: null,
    registrationDate: daysFromToday(34),
    startDate: daysFromToday(65),
    endDate: daysFromToday(154),
    registrationDeadline: null,
    priceCents: 4500,
    earlyBirdPriceCents: null,
    earlyBirdUntil: null,
    ...fields,
  }
}

function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true })
}

/** The card's sign-up button; its accessible name also names the league. */
function signUpLink(scope: Locator): Locator {
  return scope.getByRole('link', { name: /^(Free Agent|Team Sign Up|Sign Up):/ })
}

function waitlistLink(scope: Locator): Locator {
  return scope.getByRole('link', { name: 'team waitlist form (opens in a new tab)' })
}

test('the page is titled Sports and Activities and shows six cards in order', async ({ asVisitor: page }) => {
  await showLeagues(page, [])
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports and Activities')
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(CARD_TITLES)
})

test.describe('with open leagues', () => {
  const soccer = league({
    name: 'Spring Soccer Free Agents',
    sport: 'soccer',
    kind: 'individual',
    description: 'Bring shin guards.',
    registrationDate: daysFromToday(3),
    startDate: daysFromToday(48),
  })
  const adultBasketball = league({
    name: 'Adult Basketball',
    sport: 'basketball',
    kind: 'team',
    description: 'Teams of five, Tuesday nights.',
    registrationDate: daysFromToday(43),
    startDate: daysFromToday(67),
  })
  const basketball = league({ name: 'Open Gym Basketball', sport: 'basketball', kind: 'individual', startDate: daysFromToday(97) })
  const football = league({ name: 'Flag Football', sport: 'football', kind: 'individual', registrationDate: daysFromToday(93), startDate: daysFromToday(133) })
  const baseball = league({ name: 'Batting League', sport: 'baseball', kind: 'individual', startDate: daysFromToday(134) })
  const kids = league({ name: 'Little Kickers', sport: 'kids', kind: 'individual', startDate: daysFromToday(135) })
  // Leagues no card may show: team leagues (other than the one named Adult Basketball), and
  // a second soccer league that starts later than the first.
  const soccerTeams = league({ name: 'Soccer Team League', sport: 'soccer', kind: 'team', startDate: daysFromToday(-180) })
  const basketballTeams = league({ name: 'Wednesday Night Hoops', sport: 'basketball', kind: 'team', startDate: daysFromToday(-179) })
  const laterSoccer = league({ name: 'Summer Soccer Free Agents', sport: 'soccer', kind: 'individual', startDate: daysFromToday(185) })
  const all = [laterSoccer, basketballTeams, kids, soccerTeams, football, baseball, basketball, adultBasketball, soccer]

  test.beforeEach(async ({ asVisitor: page }) => {
    await showLeagues(page, all)
    await page.goto('/')
  })

  test('each card shows its league: name, dates in en-US form and description', async ({ asVisitor: page }) => {
    const soccerCard = card(page, 'Soccer')
    await expect(soccerCard.getByRole('heading', { level: 3 })).toHaveText('Spring Soccer Free Agents')
    await expect(soccerCard.getByRole('term')).toHaveText(['Starts', 'Registration', 'Price'])
    await expect(soccerCard.getByRole('definition')).toHaveText([formatDate(soccer.startDate), formatDate(soccer.registrationDate), '$45.00'])
    await expect(soccerCard.getByText('Bring shin guards.')).toBeVisible()

    const adultCard = card(page, 'Adult Basketball')
    await expect(adultCard.getByRole('heading', { level: 3 })).toHaveText('Adult Basketball')
    await expect(adultCard.getByRole('definition')).toHaveText([formatDate(adultBasketball.startDate), formatDate(adultBasketball.registrationDate)])
    await expect(adultCard.getByText('Teams of five, Tuesday nights.')).toBeVisible()

    // A team league's card names no one price (the captain's and the players' differ). No description: the card holds only its sign-up button's paragraph.
    const footballCard = card(page, 'Football')
    await expect(footballCard.getByRole('heading', { level: 3 })).toHaveText('Flag Football')
    await expect(footballCard.getByRole('definition')).toHaveText([formatDate(football.startDate), formatDate(football.registrationDate), '$45.00'])
    await expect(footballCard.getByRole('paragraph')).toHaveCount(1)
  })

  test('a card shows only its own kind of league', async ({ asVisitor: page }) => {
    const shown = CARD_TITLES.map((title) => card(page, title).getByRole('heading', { level: 3 }))
    const names = await Promise.all(shown.map((heading) => heading.textContent()))
    expect(names).toEqual([
      'Spring Soccer Free Agents',
      'Adult Basketball',
      'Open Gym Basketball',
      'Flag Football',
      'Batting League',
      'Little Kickers',
    ])
    for (const hidden of [soccerTeams, basketballTeams, laterSoccer]) {
      await expect(page.getByText(hidden.name)).toHaveCount(0)
    }
  })

  test('the sign-up buttons say what they do and lead to their page', async ({ asVisitor: page }) => {
    const buttons = [
      { card: 'Soccer', label: 'Free Agent', league: soccer, heading: 'Soccer Free Agent Sign Up', path: '/soccerIndividualSignUp' },
      { card: 'Adult Basketball', label: 'Team Sign Up', league: adultBasketball, heading: 'Adult Basketball Team Sign Up', path: '/adultBasketball' },
      { card: 'Basketball', label: 'Sign Up', league: basketball, heading: 'Basketball Sign Up', path: '/basketballIndividualSignUp' },
      { card: 'Football', label: 'Sign Up', league: football, heading: 'Football Sign Up', path: '/footballIndividualSignUp' },
      { card: 'Baseball', label: 'Sign Up', league: baseball, heading: 'Baseball Sign Up', path: '/baseballIndividualSignUp' },
      { card: 'Kids Sports', label: 'Sign Up', league: kids, heading: 'Kids Sports Sign Up', path: '/kidsSportsSignup' },
    ]
    for (const button of buttons) {
      const link = signUpLink(card(page, button.card))
      await expect(link).toHaveText(button.label)
      await expect(link).toHaveAccessibleName(`${button.label}: ${button.league.name}`)
      await link.click()
      await expect(page).toHaveURL(BASE_URL + button.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(button.heading)
      await page.goBack()
    }
  })

  test('the Soccer card offers the team waitlist form and explains it', async ({ asVisitor: page }) => {
    const soccerCard = card(page, 'Soccer')
    await expect(waitlistLink(soccerCard)).toHaveAttribute('href', TEAM_WAITLIST_FORM)
    await expect(waitlistLink(soccerCard)).toHaveAttribute('target', '_blank')
    await expect(soccerCard.getByText(TEAM_WAITLIST_TEXT)).toBeVisible()
    // Only Soccer registers whole teams through the form.
    await expect(waitlistLink(card(page, 'Adult Basketball'))).toHaveCount(0)
  })
})

test('with no active league each card says so and points to the main website', async ({ asVisitor: page }) => {
  await showLeagues(page, [])
  await page.goto('/')
  for (const title of CARD_TITLES) {
    const scope = card(page, title)
    await expect(scope.getByText(NO_LEAGUE, { exact: true })).toBeVisible()
    await expect(scope.getByRole('link', { name: 'our main website' })).toHaveAttribute('href', FACILITY_WEBSITE)
    await expect(signUpLink(scope)).toHaveCount(0)
  }
  // Soccer still offers the waitlist form, for the next session.
  const soccerCard = card(page, 'Soccer')
  await expect(soccerCard.getByText('Want a team in the next session?')).toBeVisible()
  await expect(waitlistLink(soccerCard)).toHaveAttribute('href', TEAM_WAITLIST_FORM)
  await expect(soccerCard.getByText(TEAM_WAITLIST_TEXT)).toHaveCount(0)
  await expect(page.getByRole('article').getByRole('link', { name: /team waitlist form/ })).toHaveCount(1)
})

test('leagues come from the server, active ones only', async ({ asVisitor: page, insertLeague }) => {
  const token = uniqueToken()
  // A card shows the league taking registrations that starts soonest, so these take them (to a
  // deadline staff set) and start long before any other test's leagues and cannot be hidden by
  // them. (Run with --repeat-each, copies of this test would hide each other.)
  const open = { registrationDeadline: daysFromToday(100) }
  await insertLeague({
    name: `Soccer ${token}`,
    sport: 'soccer',
    kind: 'individual',
    description: `Soccer description ${token}`,
    registrationDate: '2000-12-01',
    startDate: '2001-01-15',
    ...open,
  })
  await insertLeague({
    name: 'Adult Basketball',
    sport: 'basketball',
    kind: 'team',
    description: `Adult league ${token}`,
    registrationDate: '2001-01-02',
    startDate: '2001-02-03',
    ...open,
  })
  await insertLeague({ name: `Kids ${token}`, sport: 'kids', kind: 'individual', registrationDate: '2001-01-03', startDate: '2001-03-04', ...open })
  await insertLeague({ name: `Team only ${token}`, sport: 'basketball', kind: 'team', startDate: '2000-01-01' })
  await insertLeague({ name: `Inactive ${token}`, sport: 'football', kind: 'individual', isActive: false, startDate: '2000-01-01' })

  await page.goto('/')
  const soccerCard = card(page, 'Soccer')
  await expect(soccerCard.getByRole('heading', { level: 3 })).toHaveText(`Soccer ${token}`)
  await expect(soccerCard.getByRole('definition')).toHaveText(['1/15/2001', '12/1/2000', 'Free'])
  await expect(soccerCard.getByText(`Soccer description ${token}`)).toBeVisible()
  await expect(card(page, 'Adult Basketball').getByText(`Adult league ${token}`)).toBeVisible()
  await expect(card(page, 'Kids Sports').getByRole('heading', { level: 3 })).toHaveText(`Kids ${token}`)
  await expect(page.getByText(`Team only ${token}`)).toHaveCount(0)
  await expect(page.getByText(`Inactive ${token}`)).toHaveCount(0)
})

test('the page arrives with its cards: they show with no script at all', async ({ browser, insertLeague }) => {
  const token = uniqueToken()
  // Takes registrations and starts before any other test's baseball league, so this card shows it.
  await insertLeague({ name: `Baseball ${token}`, sport: 'baseball', kind: 'individual', registrationDate: '2000-05-01', startDate: '2000-06-01', registrationDeadline: daysFromToday(100) })
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(CARD_TITLES)
    await expect(card(page, 'Baseball').getByRole('heading', { level: 3 })).toHaveText(`Baseball ${token}`)
    await expect(card(page, 'Baseball').getByRole('definition')).toHaveText(['6/1/2000', '5/1/2000', 'Free'])
  } finally {
    await context.close()
  }
})

test('the leagues come inside the page; entering it again asks for them once', async ({ asVisitor: page }) => {
  let leagueRequests = 0
  let documents = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/leagues/active') leagueRequests += 1
    if (request.resourceType() === 'document') documents += 1
  })
  // The app takes over the server's markup as it is: a mismatch would be reported here.
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await openInApp(page, '/')
  await expect(page).toHaveTitle(/^Sports and Activities \| /)
  await expect(page.getByRole('article')).toHaveCount(6)
  await expect(page.getByText('Loading leagues…')).toHaveCount(0)
  expect(leagueRequests).toBe(0)

  // Opening another page and coming back is a new entry, inside the app: one request.
  await page.getByRole('link', { name: 'Academies' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academies')
  await page.getByRole('link', { name: 'Sports & Activities' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports and Activities')
  // The request goes out after the page renders: wait for it, then for the cards to settle.
  await expect.poll(() => leagueRequests).toBe(1)
  await expect(page.getByText('Loading leagues…')).toHaveCount(0)
  expect(leagueRequests).toBe(1)
  expect(documents).toBe(1)
  expect(errors).toEqual([])
})

test('a failed league load is logged and the cards still render', async ({ asVisitor: page }) => {
  await page.route('**/api/leagues/active', (route) =>
    route.fulfill({ status: 500, json: { error: { message: 'Something went wrong on our side.' } } }),
  )
  // Opened from another page, the home page loads its leagues: and here that fails.
  await openInApp(page, '/academy')
  const logged = page.waitForEvent('console', {
    predicate: (message) => message.type() === 'error' && message.text().includes('Could not load the active leagues'),
  })
  await page.getByRole('link', { name: 'Sports & Activities' }).click()
  await logged
  await expect(page.getByRole('article')).toHaveCount(6)
  for (const title of CARD_TITLES) await expect(card(page, title).getByText(NO_LEAGUE)).toBeVisible()
  // Product §8: only logged, never shown.
  await expect(page.getByRole('alert')).toHaveCount(0)
})

async function cardBoxes(page: Page) {
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(6)
  return Promise.all(
    (await cards.all()).map(async (c) => {
      const box = await c.boundingBox()
      if (!box) throw new Error('a card is not laid out')
      return box
    }),
  )
}

test('the grid has one column on a phone', async ({ asVisitor: page }) => {
  await showLeagues(page, [])
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/')
  const boxes = await cardBoxes(page)
  for (const [i, box] of boxes.entries()) {
    const first = boxes[0]!
    expect(box.x).toBeCloseTo(first.x, 0)
    if (i > 0) expect(box.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height)
  }
})

test('the grid has two columns on a desktop screen', async ({ asVisitor: page }) => {
  await showLeagues(page, [])
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  const boxes = await cardBoxes(page)
  for (let row = 0; row < 3; row += 1) {
    const left = boxes[row * 2]!
    const right = boxes[row * 2 + 1]!
    expect(right.y).toBeCloseTo(left.y, 0)
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width)
    expect(left.x).toBeCloseTo(boxes[0]!.x, 0)
    if (row > 0) expect(left.y).toBeGreaterThanOrEqual(boxes[row * 2 - 2]!.y + boxes[row * 2 - 2]!.height)
  }
})
