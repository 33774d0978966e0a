import type { APIRequestContext, Page } from '@playwright/test'
import { decideAccess, ROUTES, type RouteDefinition } from '../src/shared/routes.ts'
import { attendanceHref } from '../src/client/features/academies/attendance-text.ts'
import { academyInput, addChildWithWaiver, enrolInAcademy, nineYearOldBorn, placeChildren, thisWeeksAcademy } from './academy-places.ts'
import { insertCamp } from '../src/server/features/camps/camps.queries.ts'
import { insertDropIn } from '../src/server/features/drop-ins/drop-ins.queries.ts'
import { expectNoSeriousViolations, expectNoSeriousViolationsAtWidths } from './axe.ts'
import { BASE_URL, daysFromToday, expect, sampleHeading, samplePaths, signIn, STRIPE_SITE_URL, takenOver, test, uniqueToken, type Person } from './fixtures.ts'
import { changesByStaff, registrationWithDeskPayment } from './staff-history.ts'
import { insertScoredLeague } from './scored-league.ts'
import { insertTeams, publishSchedule } from '../tests/published-schedule.ts'

/*
 * Every page of the route table, as the first person it is for and as an admin, checked by
 * axe-core against WCAG 2.1 A and AA: no serious or critical violation. Pages a person is sent
 * away from are the pages they land on, which the loop checks; one redirect per kind of message
 * is checked too, for the alert it shows, and a few states the route table cannot
 * reach: the 404 page, open leagues, a registration, form errors, the open Account menu, the
 * open Add to calendar panel.
 */

const PEOPLE: readonly Person[] = ['visitor', 'customer', 'employee', 'admin']
const ORIGIN = { origin: BASE_URL }

/** Opens `path` as a fresh visit (see route-access.spec.ts) and waits until it has loaded. */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  if (page.url().startsWith(BASE_URL)) await page.evaluate(() => history.replaceState(null, ''))
  await page.goto(path, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  // Every screen shows its loading state with this class; axe should see the loaded page.
  await expect(page.locator('.loading')).toHaveCount(0)
}

/**
 * Who a page is checked as: the first person it is for (a visitor on an open page, a customer on
 * a signed-in one, an employee on a staff one), and an admin, who sees every control and menu the
 * page has. A customer's and an employee's menus are checked on the pages that are theirs.
 */
function checkedAs(route: RouteDefinition): Person[] {
  const first = PEOPLE.find((person) => decideAccess(route.access, person === 'visitor' ? null : person).allowed)!
  return first === 'admin' ? ['admin'] : [first, 'admin']
}

for (const person of PEOPLE) {
  test.describe(`${person}: the pages that are theirs${person === 'admin' ? ', and every other' : ''}`, () => {
    for (const route of ROUTES.filter((r) => checkedAs(r).includes(person))) {
      for (const path of samplePaths(route)) {
        test(path, async ({ pageAs }) => {
          const page = await pageAs(person)
          await open(page, path, sampleHeading(route))
          await expectNoSeriousViolations(page)
        })
      }
    }
  })
}

test.describe('pages in other states', () => {
  test('a league’s published schedule with a result, and its standings', async ({ pageAs, backend, insertLeague }) => {
    const token = uniqueToken()
    const leagueId = await insertLeague({ name: `A11y Hoops ${token}`, sport: 'basketball', kind: 'team', teamCapacity: 4 })
    await publishSchedule(backend.db, leagueId, await insertTeams(backend.db, leagueId, [`Owls ${token}`, `Hawks ${token}`]), token, daysFromToday)
    const visitor = await pageAs('visitor')
    await open(visitor, `/schedule/${leagueId}`, `A11y Hoops ${token}: Schedule and Standings`)
    await expectNoSeriousViolations(visitor)
  })

  test('the drop-in pages with a session: the list, its sign-up, the door with a person checked in, and the session form', async ({ pageAs, backend, sessions, playwright }) => {
    test.slow()
    const name = `A11y Open Gym ${uniqueToken()}`
    const dropInId = await insertDropIn(backend.db, {
      name,
      sport: 'basketball',
      isActive: true,
      forChildren: false,
      date: daysFromToday(0),
      startTime: '23:00',
      endTime: '23:59',
      registrationDate: daysFromToday(-1),
      capacity: 10,
      priceCents: 1_000,
      waiverRequired: false,
    })
    const { storageState } = await sessions.get('customer')
    const api: APIRequestContext = await playwright.request.newContext({ storageState })
    try {
      const res = await api.post(`${BASE_URL}/api/drop-ins/${dropInId}/registrations`, { headers: ORIGIN, data: { participants: [{ childId: null, photoConsent: false }] } })
      expect(res.status(), await res.text()).toBe(201)
    } finally {
      await api.dispose()
    }
    const visitor = await pageAs('visitor')
    for (const [path, heading] of [
      ['/dropIns', 'Drop-in Sessions'],
      ['/academy', 'Academies'],
      [`/dropInSignUp/${dropInId}`, 'Drop-in Sign Up'],
    ] as const) {
      await open(visitor, path, heading)
      await expect(visitor.getByRole('heading', { name })).toBeVisible()
      await expectNoSeriousViolations(visitor)
    }

    const employee = await pageAs('employee')
    await open(employee, `/desk/dropIns?dropIn=${dropInId}`, 'Drop-ins at the Door')
    await employee.getByRole('button', { name: /^Check in / }).click()
    await expect(employee.getByRole('button', { name: /^Undo check-in / })).toBeVisible()
    await expectNoSeriousViolations(employee)

    const admin = await pageAs('admin')
    await open(admin, '/dropInSessions', 'Drop-in Sessions')
    await admin.getByRole('button', { name: 'New drop-in session' }).click()
    await expect(admin.getByRole('heading', { name: 'New drop-in session' })).toBeFocused()
    await expectNoSeriousViolations(admin)
  })

  test('Reports, and a league’s season summary', async ({ pageAs, insertLeague }) => {
    test.slow()
    const name = `A11y Report League ${uniqueToken()}`
    const leagueId = await insertLeague({ name, sport: 'soccer', kind: 'individual', capacity: 12, priceCents: 4500, registrationDate: daysFromToday(-5), startDate: daysFromToday(10) })
    const admin = await pageAs('admin')
    await open(admin, '/dashboard/reports', 'Reports')
    await expect(admin.getByRole('link', { name: 'Download payments and refunds (CSV)' })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)
    await open(admin, `/dashboard/reports/summary/${leagueId}`, 'Season Summary')
    await expect(admin.getByRole('heading', { name, level: 2 })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)
  })

  test('a visitor sent to Sign In with the access message', async ({ pageAs }) => {
    const page = await pageAs('visitor')
    await open(page, '/dashboard', 'Sign In')
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('a customer sent home with the access message', async ({ pageAs }) => {
    const page = await pageAs('customer')
    await open(page, '/admin/users', 'Sports and Activities')
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('the 404 page', async ({ pageAs }) => {
    const page = await pageAs('visitor')
    await open(page, '/no-such-page/here', 'Page Not Found')
    await expectNoSeriousViolations(page)
  })

  test('the Create Account form showing its errors', async ({ pageAs }) => {
    const page = await pageAs('visitor')
    await open(page, '/register', 'Create Account')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Display name is required.')).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('the open Account menu', async ({ pageAs }) => {
    const page = await pageAs('admin')
    await open(page, '/', 'Sports and Activities')
    await page.getByRole('button', { name: 'Account' }).click()
    await expect(page.getByRole('link', { name: 'View Account' })).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('the home page and a sign-up page with an open league', async ({ pageAs, insertLeague }) => {
    const name = `A11y Soccer ${uniqueToken()}`
    await insertLeague({
      name,
      sport: 'soccer',
      kind: 'individual',
      description: 'Made by the accessibility test.',
      registrationDate: daysFromToday(-3),
      startDate: daysFromToday(14),
      endDate: daysFromToday(60),
      priceCents: 4500,
      capacity: 20,
    })
    const page = await pageAs('visitor')
    await open(page, '/', 'Sports and Activities')
    // The Soccer card shows the soccer league open soonest: another test's league may start before this one.
    await expect(page.getByRole('article', { name: 'Soccer', exact: true }).getByRole('link', { name: /^(Free Agent|Team Sign Up|Sign Up):/ })).toBeVisible()
    await expectNoSeriousViolations(page)

    await open(page, '/soccerIndividualSignUp', 'Soccer Free Agent Sign Up')
    await expect(page.getByRole('article', { name })).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('the account page with a registration, and an academy place with its Add to calendar open', async ({ pageAs, sessions, playwright, insertLeague, insertAcademy }) => {
    const name = `A11y Basketball ${uniqueToken()}`
    const academy = academyInput(`A11y Academy ${uniqueToken()}`, { forChildren: false, minAge: null, maxAge: null, waiverRequired: false })
    const academyId = await insertAcademy(academy)
    const leagueId = await insertLeague({
      name,
      sport: 'basketball',
      kind: 'individual',
      registrationDate: daysFromToday(-3),
      startDate: daysFromToday(14),
      endDate: daysFromToday(60),
      priceCents: 4500,
    })
    const { user, storageState } = await sessions.get('customer')
    const api: APIRequestContext = await playwright.request.newContext({ storageState })
    try {
      // The worker's customer may have signed the waiver in an earlier test; either answer will do.
      await api.post(`${BASE_URL}/api/waiver/signatures`, { headers: ORIGIN, data: { signedName: user.displayName, agree: 'yes' } })
      const res = await api.post(`${BASE_URL}/api/leagues/${leagueId}/registrations`, { headers: ORIGIN, data: {} })
      expect(res.status(), await res.text()).toBe(201)
      const place = await api.post(`${BASE_URL}/api/academies/${academyId}/registrations`, { headers: ORIGIN, data: { participants: [{ childId: null, photoConsent: false }] } })
      expect(place.status(), await place.text()).toBe(201)
    } finally {
      await api.dispose()
    }
    const page = await pageAs('customer')
    await open(page, '/account', 'Account')
    await expect(page.getByText(name).first()).toBeVisible()
    const card = page.getByRole('article', { name: academy.name })
    await card.getByRole('button', { name: 'Add to calendar' }).click()
    await expect(card.getByLabel('Calendar link')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)
  })

  test('the team pages: create a team, the captain’s team page, and the invitation', async ({ pageAs, sessions, playwright, insertLeague }) => {
    // Nine pages checked one after another: more than the 20 s one page's test is given.
    test.slow()
    const name = `A11y Team League ${uniqueToken()}`
    const leagueId = await insertLeague({
      name,
      sport: 'basketball',
      kind: 'team',
      registrationDate: daysFromToday(-3),
      startDate: daysFromToday(14),
      endDate: daysFromToday(60),
      teamCapacity: 6,
      rosterMin: 2,
      rosterMax: 8,
      teamPayment: 'deposit-and-player-fee',
      teamFeeCents: 20000,
      priceCents: 4000,
    })
    const page = await pageAs('customer')
    await open(page, '/createTeam', 'Create a Team')
    await expect(page.getByRole('article', { name })).toBeVisible()
    await expectNoSeriousViolations(page)

    const { user, storageState } = await sessions.get('customer')
    const api: APIRequestContext = await playwright.request.newContext({ storageState })
    let team: { id: string; inviteUrl: string }
    try {
      await api.post(`${BASE_URL}/api/waiver/signatures`, { headers: ORIGIN, data: { signedName: user.displayName, agree: 'yes' } })
      const res = await api.post(`${BASE_URL}/api/leagues/${leagueId}/teams`, { headers: ORIGIN, data: { name: `A11y ${uniqueToken()}` } })
      expect(res.status(), await res.text()).toBe(201)
      team = ((await res.json()) as { team: { id: string; inviteUrl: string } }).team
    } finally {
      await api.dispose()
    }
    await open(page, `/league/${leagueId}/team/${team.id}`, 'Team')
    await expect(page.getByLabel('Invite link')).toBeVisible()
    // Add to calendar open, with the captain's Make a new calendar link.
    await page.getByRole('button', { name: 'Add to calendar' }).click()
    await expect(page.getByRole('button', { name: 'Make a new calendar link' })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)

    const invite = new URL(team.inviteUrl)
    const visitor = await pageAs('visitor')
    await open(visitor, invite.pathname + invite.search, 'Join a Team')
    await expect(visitor.getByText(/invites you to play on/)).toBeVisible()
    await expectNoSeriousViolations(visitor)

    // The staff's views of the same league and team, with a team in them.
    const admin = await pageAs('admin')
    for (const [path, heading] of [
      [`/league/${leagueId}/team/${team.id}`, 'Team'],
      [`/league/${leagueId}`, 'League'],
      [`/manageLeaguePlayers/league/${leagueId}`, 'Manage League Players'],
      ['/teamsView', 'Teams'],
      ['/createTeamAdmin', 'Create a Team (Staff)'],
      ['/addTeams', 'Add Teams'],
    ] as const) {
      await open(admin, path, heading)
      await expectNoSeriousViolations(admin)
    }
  })
})

test.describe('the front desk with a customer in it (issue 21 §3)', () => {
  test(`search, the customer's record and the league's list, as an employee, at 1280 and 375 px`, async ({ pageAs, sessions, playwright, insertLeague }) => {
    const name = `A11y Desk ${uniqueToken()}`
    const leagueId = await insertLeague({ name, sport: 'soccer', kind: 'individual', registrationDate: daysFromToday(-3), startDate: daysFromToday(14), endDate: daysFromToday(60), priceCents: 4500 })
    const { user, storageState } = await sessions.get('customer')
    const api = await playwright.request.newContext({ baseURL: BASE_URL, storageState })
    const headers = { origin: BASE_URL }
    expect((await api.post('/api/waiver/signatures', { headers, data: { signedName: user.displayName, agree: 'yes' } })).ok()).toBe(true)
    expect((await api.post(`/api/leagues/${leagueId}/registrations`, { headers, data: {} })).ok()).toBe(true)
    await api.dispose()

    const page = await pageAs('employee')
    await open(page, '/desk', 'Front Desk')
    await page.getByLabel('Name, email, phone or a child’s name').fill(user.email)
    await expect(page.getByRole('link', { name: user.displayName })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)
    await open(page, `/desk/customer/${user.id}`, 'Customer')
    await expect(page.getByRole('heading', { level: 2, name: user.displayName })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)
    await open(page, `/leagueRegistrants/${leagueId}`, 'League Registrants')
    await expect(page.getByRole('row').filter({ hasText: user.displayName })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)
  })
})

test.describe('the desk selling to a family (issue 30 §2)', () => {
  test(`a child's form, the academy sign-up and an order's code and extras on the customer's record, at 1280 and 375 px`, async ({ pageAs, createUser, insertAcademy, insertLeague, playwright }) => {
    const name = `A11y Family ${uniqueToken()}`
    await insertAcademy(academyInput(name))
    const leagueId = await insertLeague({ name, sport: 'soccer', kind: 'individual', registrationDate: daysFromToday(-3), startDate: daysFromToday(14), endDate: daysFromToday(60), priceCents: 4500 })
    const parent = await createUser({ label: 'axe-desk-family' })
    const api = await playwright.request.newContext({ baseURL: BASE_URL })
    await signIn(api, parent)
    await addChildWithWaiver(api, parent, { firstName: 'Robin', notes: 'Asthma' })
    expect((await api.post('/api/waiver/signatures', { headers: ORIGIN, data: { signedName: parent.displayName, agree: 'yes' } })).ok()).toBe(true)
    expect((await api.post(`/api/leagues/${leagueId}/registrations`, { headers: ORIGIN, data: {} })).ok()).toBe(true)
    await api.dispose()

    const page = await pageAs('employee')
    await open(page, `/desk/customer/${parent.id}`, 'Customer')
    await page.getByRole('button', { name: 'Add a child' }).click()
    await page.getByRole('button', { name: 'Add child' }).click()
    await expect(page.locator('.field-error').first()).toBeVisible()
    await page.getByLabel('Register for', { exact: true }).selectOption('academy')
    await page.getByLabel('Academy', { exact: true }).selectOption({ label: `${name} (ages 8–10, $180.00)` })
    await page.getByRole('checkbox', { name: /^Robin/ }).check()
    await expectNoSeriousViolationsAtWidths(page)
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Apply a code/ }).click()
    await page.getByRole('textbox', { name: 'Discount code' }).fill('NO-SUCH-CODE')
    await page.getByRole('button', { name: 'Apply the code' }).click()
    await expect(page.getByText('There is no discount code NO-SUCH-CODE.')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)
  })
})

test.describe('the emails page with one open (issue 21 §4)', () => {
  test('the list and the email being read, at 1280 and 375 px', async ({ pageAs, createUser }) => {
    // A password link is an email every run writes; it shows only that it was sent.
    const user = await createUser({ label: 'a11y-mail' })
    const admin = await pageAs('admin')
    const api = admin.request
    expect((await api.post(`${BASE_URL}/api/auth/request-password-reset`, { headers: ORIGIN, data: { email: user.email } })).ok()).toBe(true)
    await open(admin, '/outbox', 'Emails')
    await admin.getByLabel('Search by address or subject').fill(user.email)
    await admin.getByRole('list', { name: 'Emails' }).getByRole('button').first().click()
    await expect(admin.getByRole('article')).toContainText(user.email)
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('an academy’s attendance panel at the door (issue 23)', () => {
  test('the session, the Present and Absent buttons and the sheet, at 1280 and 375 px', async ({ pageAs, backend, createUser, insertAcademy }) => {
    const academyId = await insertAcademy(thisWeeksAcademy(`Axe Academy ${uniqueToken()}`))
    const guardian = await createUser({ label: 'axe-attendance' })
    const dateOfBirth = nineYearOldBorn
    await placeChildren(backend.db, academyId, guardian.id, [
      { firstName: 'Ava', lastName: 'Brooks', dateOfBirth },
      { firstName: 'Ben', lastName: 'Brooks', dateOfBirth },
    ])
    const admin = await pageAs('admin')
    await open(admin, attendanceHref(academyId), 'Academy Registrations')
    await admin.getByRole('button', { name: /^Present for Ava Brooks/ }).click()
    await admin.getByRole('button', { name: /^Absent for Ben Brooks/ }).click()
    await expect(admin.getByText('1 present, 1 absent, 0 not marked')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)

    // Cancelling a session asks in the site's own dialog (issue 30): checked open, and it fits the screen.
    await admin.getByRole('button', { name: /^Cancel the session on / }).click()
    const dialog = admin.getByRole('alertdialog', { name: /^Cancel Axe Academy/ })
    await expect(dialog.getByRole('button', { name: 'Keep the session' })).toBeFocused()
    await expectNoSeriousViolationsAtWidths(admin, {
      atEach: async (width) => {
        const box = (await dialog.boundingBox())!
        expect(box.x >= 0 && box.x + box.width <= width).toBe(true)
      },
    })
  })
})

test.describe('the academies staff page with its form open (issue 23)', () => {
  test('the academies and the new academy form, at 1280 and 375 px', async ({ pageAs }) => {
    const admin = await pageAs('admin')
    await open(admin, '/academyRegistrations', 'Academy Registrations')
    await admin.getByRole('button', { name: 'New academy' }).click()
    await admin.getByRole('button', { name: 'Create academy' }).click()
    await expect(admin.getByText('Name is required.')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('an academy’s participants and waitlist (issue 23)', () => {
  test(`a child with medical notes, the staff's actions and the waitlist, at 1280 and 375 px`, async ({ pageAs, backend, createUser, insertAcademy, playwright }) => {
    const name = `A11y Academy ${uniqueToken()}`
    const academyId = await insertAcademy(academyInput(name, { capacity: 1 }))
    const guardian = await createUser({ label: 'a11y-academy' })
    const api = await playwright.request.newContext()
    await signIn(api, guardian)
    for (const child of [{ firstName: 'Maya', notes: 'Peanut allergy' }, { firstName: 'Leo', notes: '' }]) {
      await enrolInAcademy(backend.db, academyId, guardian.id, await addChildWithWaiver(api, guardian, child))
    }
    await api.dispose()

    const admin = await pageAs('admin')
    await open(admin, `/academyRegistrations?academy=${academyId}`, 'Academy Registrations')
    await expect(admin.getByRole('region', { name: `${name}: participants` })).toContainText('Peanut allergy')
    await expect(admin.getByRole('region', { name: `${name}: waitlist` })).toContainText('Leo Okafor')
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('signing children up for an academy, and its receipt (issue 23)', () => {
  // A browser of the guardian's own: signing in on the shared visitor page would sign in every later visitor test of the worker.
  test('two children chosen, one too old, the waiver to sign, then the receipt, at 1280 and 375 px', async ({ asVisitor: page, createUser, insertAcademy }) => {
    const name = `A11y Sign Up ${uniqueToken()}`
    const academyId = await insertAcademy(academyInput(name))
    const guardian = await createUser({ label: 'a11y-signup' })
    await signIn(page.request, guardian)
    await addChildWithWaiver(page.request, guardian, { firstName: 'Maya', notes: 'Peanut allergy' })
    for (const [firstName, dateOfBirth] of [['Leo', '2017-09-01'], ['Olly', '2012-01-01']]) {
      const added = await page.request.post(`${BASE_URL}/api/children`, {
        headers: ORIGIN,
        data: { firstName, lastName: 'Okafor', dateOfBirth, emergencyContactName: 'Grace Okafor', emergencyContactPhone: '555-010-7777', notes: '' },
      })
      expect(added.status()).toBe(201)
    }

    await open(page, `/academySignUp/${academyId}`, 'Academy Sign Up')
    await expect(page.getByRole('checkbox', { name: 'Olly Okafor' })).toBeDisabled()
    await page.getByRole('checkbox', { name: 'Maya Okafor' }).check()
    await page.getByRole('checkbox', { name: 'Leo Okafor' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('heading', { name: 'Sign the waiver' })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)

    await page.getByRole('region', { name: 'Maya Okafor' }).getByRole('radio', { name: 'No photos of Maya, please' }).check()
    await page.getByRole('region', { name: 'Leo Okafor' }).getByRole('radio', { name: 'No photos of Leo, please' }).check()
    await page.getByLabel('Full name').fill(guardian.displayName)
    await page.getByLabel('I have read and agree to this waiver').check()
    await page.getByRole('button', { name: 'Sign for Leo Okafor' }).click()
    await expect(page.getByRole('heading', { name: 'Sign the waiver' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByRole('link', { name: 'View receipt' }).click()
    await expect(page.getByRole('article', { name: `Receipt for ${name}` })).toContainText('Leo Okafor')
    await expectNoSeriousViolationsAtWidths(page)
  })
})

test.describe('the price list with its form showing errors and a product’s changes open (issue 24)', () => {
  test('the price list, at 1280 and 375 px', async ({ pageAs, insertLeague }) => {
    await insertLeague({ name: `A11y Priced ${uniqueToken()}`, sport: 'soccer', kind: 'individual', priceCents: 4500 })
    const admin = await pageAs('admin')
    await open(admin, '/admin/products', 'Products and Prices')
    await admin.getByRole('button', { name: 'New product' }).click()
    await admin.getByRole('button', { name: 'Add product' }).click()
    await expect(admin.getByText('Name is required.')).toBeVisible()
    await admin.getByText(/^1 change/).first().click()
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('the discount codes with their form showing errors (issue 24)', () => {
  test('the discount codes, at 1280 and 375 px', async ({ pageAs }) => {
    const admin = await pageAs('admin')
    await open(admin, '/admin/products', 'Products and Prices')
    await admin.getByRole('button', { name: 'New discount code' }).click()
    await admin.getByRole('button', { name: 'Add code' }).click()
    await expect(admin.getByText('Code is required.')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('the checkout and its payment (issue 24)', () => {
  test('an order with a code refused, then paid online, at 1280 and 375 px', async ({ browser, createUser, insertAcademy }) => {
    const id = await insertAcademy(academyInput(`Adult Class ${uniqueToken()}`, { forChildren: false, minAge: null, maxAge: null, waiverRequired: false, startDate: daysFromToday(30), endDate: daysFromToday(57) }))
    const context = await browser.newContext({ baseURL: STRIPE_SITE_URL })
    const page = await context.newPage()
    await signIn(context.request, await createUser({ label: 'payer' }))
    const taken = await context.request.post(`/api/academies/${id}/registrations`, { headers: { origin: STRIPE_SITE_URL }, data: { participants: [{ childId: null, photoConsent: false }] } })
    const { orderId } = ((await taken.json()) as { registrations: { orderId: string }[] }).registrations[0]!
    await page.goto(`/checkout/${orderId}`)
    await page.getByRole('textbox', { name: 'Discount code' }).fill('NOPE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('There is no discount code NOPE.')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)
    await page.getByRole('button', { name: 'Pay $180.00 now' }).click()
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 10_000 })
    await expectNoSeriousViolationsAtWidths(page)
    await context.close()
  })
})

test.describe('the Users page with a password link made (issue 30)', () => {
  test(`the link to hand over and each row's button, at 1280 and 375 px`, async ({ pageAs, createUser }) => {
    const employee = await createUser({ role: 'employee', label: 'a11y-link' })
    const admin = await pageAs('admin')
    await open(admin, '/admin/users', 'Users')
    await admin.getByLabel('Search by email, name or phone').fill(employee.email)
    await admin.getByRole('button', { name: 'Search', exact: true }).click()
    await admin.getByRole('button', { name: `Make a password link for ${employee.email}` }).click()
    await expect(admin.getByLabel(`One-time password link for ${employee.email}`)).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('camps: signing children up and the receipt, the staff page with its form, a camp’s children at the desk (issue 31 §2)', () => {
  // A browser of the guardian's own: signing in on the shared visitor page would sign in every later visitor test of the worker.
  test('the camp on the Academies page, its sign-up with a child too young and a choice missing, the receipt, and the staff’s camp pages, at 1280 and 375 px', async ({ asVisitor: page, backend, createUser, pageAs }) => {
    // Six states, each checked at two widths.
    test.slow()
    const name = `A11y Camp ${uniqueToken()}`
    const campId = await insertCamp(backend.db, {
      name,
      sport: 'soccer',
      isActive: true,
      minAge: 6,
      maxAge: 10,
      startTime: '09:00',
      endTime: '15:00',
      registrationDate: daysFromToday(-1),
      startDate: daysFromToday(30),
      endDate: daysFromToday(32),
      capacity: 1,
      priceCents: 12_000,
    })
    const guardian = await createUser({ label: 'a11y-camp' })
    await signIn(page.request, guardian)
    await addChildWithWaiver(page.request, guardian, { firstName: 'Maya', notes: 'Peanut allergy' })
    const added = await page.request.post(`${BASE_URL}/api/children`, {
      headers: ORIGIN,
      data: { firstName: 'Leo', lastName: 'Okafor', dateOfBirth: daysFromToday(-3 * 365), emergencyContactName: 'Grace Okafor', emergencyContactPhone: '555-010-7777', notes: '' },
    })
    expect(added.status()).toBe(201)

    await open(page, '/academy', 'Academies')
    await expect(page.getByRole('article', { name })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)

    await open(page, `/campSignUp/${campId}`, 'Camp Sign Up')
    await expect(page.getByRole('checkbox', { name: 'Leo Okafor' })).toBeDisabled()
    await page.getByRole('checkbox', { name: 'Maya Okafor' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(page)

    await page.getByRole('region', { name: 'Maya Okafor' }).getByRole('radio', { name: 'No photos of Maya, please' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByRole('link', { name: 'View receipt' }).click()
    await expect(page.getByRole('article', { name: `Receipt for ${name}` })).toContainText('Maya Okafor')
    await expectNoSeriousViolationsAtWidths(page)

    const admin = await pageAs('admin')
    await open(admin, `/desk/camps?camp=${campId}`, 'Camps at the Desk')
    await expect(admin.getByRole('region', { name: `${name}: children` })).toContainText('Peanut allergy')
    await expectNoSeriousViolationsAtWidths(admin)
    await open(admin, '/campRegistrations', 'Camps')
    await admin.getByRole('button', { name: 'New camp' }).click()
    await admin.getByRole('button', { name: 'Create camp' }).click()
    await expect(admin.getByText('Name is required.')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('a record’s changes by staff (issue 32)', () => {
  test('a registration’s panel, a user’s page and a product’s form, each with its Changes by staff, at 1280 and 375 px', async ({ pageAs, createUser, insertLeague, playwright }) => {
    const leagueName = `A11y History League ${uniqueToken()}`
    const leagueId = await insertLeague({ name: leagueName, sport: 'soccer', kind: 'individual', priceCents: 4500, registrationDate: daysFromToday(-5), startDate: daysFromToday(10) })
    const customer = await createUser({ role: 'customer' })
    const admin = await pageAs('admin')
    const request = await playwright.request.newContext()
    try {
      await registrationWithDeskPayment(request, admin, customer, leagueId)
    } finally {
      await request.dispose()
    }
    await open(admin, '/pendingRegistrations', 'Pending Registrations')
    await admin.getByLabel('League', { exact: true }).selectOption({ label: leagueName })
    await admin.getByRole('button', { name: `Details for ${customer.displayName}, ${leagueName}` }).click()
    await expect(changesByStaff(admin).getByRole('listitem')).toHaveCount(1)
    await expectNoSeriousViolationsAtWidths(admin)

    await open(admin, '/admin/users', 'Users')
    await admin.getByLabel('Search by email, name or phone').fill(customer.email)
    await admin.getByRole('button', { name: 'Search', exact: true }).click()
    await admin.getByRole('button', { name: `Changes by staff to ${customer.email}` }).click()
    await expect(admin.getByText('No change by staff has been recorded.')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(admin)

    // A product's form, under which its own changes are listed (the team page's are checked with the teams above).
    const product = `A11y History Fee ${uniqueToken()}`
    const made = await admin.request.post(`${BASE_URL}/api/admin/products`, { headers: ORIGIN, data: { name: product, purpose: 'player-fee', listPrice: '45', earlyBirdPrice: '', earlyBirdUntil: '', familyDiscount: '', planDeposit: '', planDue1: '', planDue2: '', planDue3: '', sizes: '', lateSignUps: 'full', isActive: 'true' } })
    expect(made.status(), await made.text()).toBe(201)
    await open(admin, '/admin/products', 'Products and Prices')
    await admin.getByRole('button', { name: `Edit ${product}` }).click()
    await expect(changesByStaff(admin)).toContainText('Price list: product added')
    await expectNoSeriousViolationsAtWidths(admin)
  })
})

test.describe('messages (issue 32)', () => {
  test('the Messages page with a preview, and the page of an unsubscribe link the site never made, at 1280 and 375 px', async ({ pageAs, insertLeague }) => {
    const name = `A11y Message League ${uniqueToken()}`
    await insertLeague({ name, sport: 'soccer', kind: 'individual', priceCents: 4500, registrationDate: daysFromToday(-5), startDate: daysFromToday(10) })
    const employee = await pageAs('employee')
    await open(employee, '/messages', 'Messages')
    await takenOver(employee)
    await employee.getByLabel('To', { exact: true }).selectOption({ label: name })
    await employee.getByLabel('Subject').fill('Closed on Saturday')
    await employee.getByLabel('Message', { exact: true }).fill('The gym is closed on Saturday.')
    await employee.getByRole('button', { name: 'Preview' }).click()
    await expect(employee.getByText('Reaches 0 addresses, each once.')).toBeVisible()
    await expectNoSeriousViolationsAtWidths(employee)

    const visitor = await pageAs('visitor')
    await open(visitor, '/unsubscribe/a-token-this-site-never-made-xyz', 'Link Not Found')
    await expect(visitor.getByText(/not one we sent/)).toBeVisible()
    await expectNoSeriousViolationsAtWidths(visitor)
  })
})

test.describe('the scorer’s table (issue 33)', () => {
  test('a league’s games to score and its standings, at 1280 and 375 px', async ({ pageAs, backend, insertLeague }) => {
    const { leagueId, teams } = await insertScoredLeague(backend.db, insertLeague)
    const employee = await pageAs('employee')
    await open(employee, `/scores/${leagueId}`, 'Scores')
    await expect(employee.getByRole('heading', { name: `${teams.Owls!.name} v ${teams.Hawks!.name}` })).toBeVisible()
    await expectNoSeriousViolationsAtWidths(employee)
  })
})
