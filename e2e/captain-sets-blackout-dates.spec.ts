import { expectNoSeriousViolations } from './axe.ts'
import { BASE_URL, daysFromToday, expect, signIn, test, uniqueToken } from './fixtures.ts'
import { tabTo, typeDate } from './keyboard.ts'

/*
 * A captain's blackout dates (issue 33): on the team page, by keyboard, the captain adds a date
 * of the season and removes it; a date outside the season is refused at the field; staff see the
 * dates on the league's schedule page.
 */

const headers = { origin: BASE_URL }

test('a captain adds a blackout date by keyboard, is refused one outside the season, removes it, and staff see it on the schedule page', async ({ asVisitor: page, asAdmin: staffPage, createUser, insertLeague }) => {
  const token = uniqueToken()
  const [start, end] = [daysFromToday(30), daysFromToday(90)]
  const leagueId = await insertLeague({
    name: `Blackout Hoops ${token}`, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 1, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 0,
    registrationDate: daysFromToday(-3), startDate: start, endDate: end,
  })
  const captain = await createUser({ label: 'blackout-captain' })
  await signIn(page.request, captain)
  expect((await page.request.post(`${BASE_URL}/api/waiver/signatures`, { headers, data: { signedName: captain.displayName, agree: 'yes' } })).status()).toBe(201)
  const created = await page.request.post(`${BASE_URL}/api/leagues/${leagueId}/teams`, { headers, data: { name: `Owls ${token}` } })
  expect(created.status()).toBe(201)
  const teamId = ((await created.json()) as { team: { id: string } }).team.id

  await page.goto(`/league/${leagueId}/team/${teamId}`)
  const panel = page.getByRole('region', { name: 'Blackout dates' })
  await expect(panel.getByText('No blackout dates.')).toBeVisible()
  const date = daysFromToday(44)
  await typeDate(page, panel.getByLabel('Add a date'), date)
  await tabTo(page, panel.getByRole('button', { name: 'Add the date' }))
  await page.keyboard.press('Enter')
  const [y, m, d] = date.split('-').map(Number)
  const shown = `${m}/${d}/${y}`
  await expect(panel.getByRole('status')).toHaveText(`Added ${shown}.`)
  await expect(panel.getByRole('listitem')).toHaveText(`${shown} Remove ${shown}`)

  await typeDate(page, panel.getByLabel('Add a date'), daysFromToday(120))
  await tabTo(page, panel.getByRole('button', { name: 'Add the date' }))
  await page.keyboard.press('Enter')
  await expect(panel.getByText(/^Choose dates within Blackout Hoops/)).toBeVisible()
  await expect(panel.getByLabel('Add a date')).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousViolations(page, { within: '#main' })

  await staffPage.goto(`/leagueSchedule/${leagueId}`)
  await expect(staffPage.getByRole('table', { name: 'Blackout dates' }).getByRole('row').filter({ hasText: `Owls ${token}` })).toContainText(shown)

  await tabTo(page, panel.getByRole('button', { name: `Remove ${shown}` }))
  await page.keyboard.press('Enter')
  await expect(panel.getByRole('status')).toHaveText(`Removed ${shown}.`)
  await expect(panel.getByText('No blackout dates.')).toBeVisible()
})
