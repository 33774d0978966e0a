import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import type { APIRequestContext, Locator } from '@playwright/test'
import { timestampParam } from '../src/server/db/values.ts'
import { addDays } from '../src/shared/registration-window.ts'
import { academyInput, nineYearOldBorn, placeChildren } from './academy-places.ts'
import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken, type TestUser } from './fixtures.ts'

/*
 * Calendar feeds (issue 33): a team's captain presses "Add to calendar" on the team page and gets
 * the ways into Apple Calendar, Outlook, Google Calendar and Outlook.com and the private link,
 * whose feed (read without a session, as a calendar app does, by ical.js) holds the published
 * games; a new link ends the old one. A family with an academy place does the same from its
 * account page and gets the academy's sessions.
 */

const ORIGIN = { origin: BASE_URL }

/** Signs the waiver and creates a team in the league as `request`'s person; answers its id. */
async function createTeam(request: APIRequestContext, person: TestUser, leagueId: string, name: string): Promise<string> {
  const waiver = await request.post(`${BASE_URL}/api/waiver/signatures`, { headers: ORIGIN, data: { signedName: person.displayName, agree: 'yes' } })
  expect(waiver.status(), await waiver.text()).toBe(201)
  const res = await request.post(`${BASE_URL}/api/leagues/${leagueId}/teams`, { headers: ORIGIN, data: { name } })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { team: { id: string } }).team.id
}

/**
 * Opens the panel and checks its ways in: webcal: for Apple Calendar and Outlook, Google's and
 * Outlook.com's "add by URL" pages with the link encoded. Answers the link in its field.
 */
async function openPanel(within: Locator): Promise<string> {
  const button = within.getByRole('button', { name: 'Add to calendar' })
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const field = within.getByLabel('Calendar link')
  await expect(field).toHaveValue(new RegExp(`^${BASE_URL}/calendar/[A-Za-z0-9_-]{32}\\.ics$`))
  const https = await field.inputValue()
  const webcal = https.replace(/^http:/, 'webcal:')
  await expect(within.getByRole('link', { name: 'Apple Calendar or Outlook on this device' })).toHaveAttribute('href', webcal)
  await expect(within.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute('href', `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`)
  const outlook = new URL((await within.getByRole('link', { name: 'Outlook.com' }).getAttribute('href')) ?? '')
  expect([outlook.origin + outlook.pathname, outlook.searchParams.get('url')]).toEqual(['https://outlook.live.com/calendar/0/addfromweb', https])
  await expect(within.getByRole('button', { name: 'Copy calendar link' })).toBeVisible()
  return https
}

/** The feed as a calendar app reads it (no session), parsed by ical.js: each event's wall-clock start, title and place. */
async function readFeed(request: APIRequestContext, url: string): Promise<{ start: string; summary: string; location: string }[]> {
  const res = await request.get(url)
  expect(res.status(), await res.text()).toBe(200)
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const calendar = new ICAL.Component(ICAL.parse(await res.text()))
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return { start: event.startDate.toString(), summary: event.summary, location: event.location }
  })
}

test('a captain adds the published games to a calendar from the team page, and a new link ends the old one', async ({ asVisitor: page, backend, createUser, insertLeague, playwright, request }) => {
  const token = uniqueToken()
  const leagueId = await insertLeague({
    name: `Calendar Hoops ${token}`, sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 30000,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const [captain, rivalCaptain] = await Promise.all([createUser({ label: 'calendar-captain' }), createUser({ label: 'calendar-rival' })])
  const [teamName, rivalName] = [`Hoop Dreams ${token}`, `Net Gains ${token}`]
  await signIn(page.request, captain)
  const teamId = await createTeam(page.request, captain, leagueId, teamName)
  const rivalApi = await playwright.request.newContext()
  let rivalId: string
  try {
    await signIn(rivalApi, rivalCaptain)
    rivalId = await createTeam(rivalApi, rivalCaptain, leagueId, rivalName)
  } finally {
    await rivalApi.dispose()
  }

  // The schedule, published: a court, the game nights and two games, as the admin's Publish leaves them.
  const { db } = backend
  const at = timestampParam(db.dialect, new Date())
  const areaId = randomUUID()
  const court = `Court ${token}`
  await db.kysely.insertInto('playingAreas').values({ id: areaId, name: court, nameKey: court.toLowerCase().replace(/\s/g, ''), sports: 'basketball', createdAt: at, updatedAt: at }).execute()
  await db.kysely.insertInto('gameNights').values({
    leagueId, weekdays: '2', firstGameTime: '19:00', lastGameTime: '20:00', gameMinutes: 60, areaIds: areaId, countKind: 'round-robin', countNumber: 2,
    winPoints: 2, tiePoints: 1, lossPoints: 0, forfeitWinnerScore: 20, forfeitLoserScore: 0, tieBreaks: 'head-to-head,difference,points-for', publishedAt: at, updatedAt: at,
  }).execute()
  const [first, second] = [daysFromToday(35), daysFromToday(42)]
  const game = (homeTeamId: string, awayTeamId: string, date: string, startTime: string, endTime: string) => (
    { id: randomUUID(), leagueId, homeTeamId, awayTeamId, areaId, date, startTime, endTime, homeScore: null, awayScore: null, forfeitedBy: null, createdAt: at, updatedAt: at }
  )
  await db.kysely.insertInto('games').values([game(teamId, rivalId, first, '19:00', '20:00'), game(rivalId, teamId, second, '20:00', '21:00')]).execute()

  await openInApp(page, `/league/${leagueId}/team/${teamId}`)
  const calendar = page.getByRole('region', { name: 'Games in your calendar' })
  const link = await openPanel(calendar)
  expect(await readFeed(request, link)).toEqual([
    { start: `${first}T19:00:00`, summary: `${teamName} vs ${rivalName}`, location: court },
    { start: `${second}T20:00:00`, summary: `${rivalName} vs ${teamName}`, location: court },
  ])

  await calendar.getByRole('button', { name: 'Make a new calendar link' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Make a new calendar link?' })
  await dialog.getByRole('button', { name: 'Make a new link' }).click()
  await expect(calendar.getByRole('status')).toHaveText('A new link is ready, and the old one no longer works: calendars subscribed to it must add the new one.')
  const field = calendar.getByLabel('Calendar link')
  await expect(field).not.toHaveValue(link)
  expect((await request.get(link)).status()).toBe(404)
  expect(await readFeed(request, await field.inputValue())).toHaveLength(2)
})

test('a family with an academy place adds its sessions to a calendar from the account page', async ({ asVisitor: page, backend, createUser, insertAcademy, request }) => {
  const parent = await createUser({ label: 'calendar-parent' })
  const skills = academyInput(`Calendar Skills ${uniqueToken()}`, { coach: 'Coach Daniela Ortiz', location: 'Field 1' })
  const academyId = await insertAcademy(skills)
  await placeChildren(backend.db, academyId, parent.id, [{ firstName: 'Ada', lastName: 'Okafor', dateOfBirth: nineYearOldBorn }])
  await signIn(page.request, parent)

  await openInApp(page, '/account')
  const card = page.getByRole('article', { name: skills.name })
  const link = await openPanel(card)
  // A family reads the link; only an admin makes a new one.
  await expect(card.getByRole('button', { name: 'Make a new calendar link' })).toHaveCount(0)
  // Tuesdays and Thursdays for four weeks from the first Tuesday.
  const sessions = [0, 2, 7, 9, 14, 16, 21, 23].map((days) => ({ start: `${addDays(skills.startDate, days)}T18:00:00`, summary: skills.name, location: 'Field 1' }))
  expect(await readFeed(request, link)).toEqual(sessions)
})
