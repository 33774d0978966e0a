import { expectFitsAndNoSeriousViolations } from './axe.ts'
import { BASE_URL, expect, takenOver, test } from './fixtures.ts'
import { insertScoredLeague } from './scored-league.ts'

/*
 * The scorer's table on a phone (issue 33): an employee opens Scores from the Front Desk, picks the
 * league, enters today's score and yesterday's forfeit, and the standings below change; a score
 * another scorer changed meanwhile is refused with the result now, never overwritten.
 */

test('an employee at the scorer’s table enters a score and a forfeit, and the standings change', async ({ asEmployee: page, asAdmin: admin, backend, insertLeague }) => {
  const { leagueId, name, teams, gameIds } = await insertScoredLeague(backend.db, insertLeague)
  const [owls, hawks, bears] = [teams.Owls!.name, teams.Hawks!.name, teams.Bears!.name]
  await page.setViewportSize({ width: 390, height: 844 })

  await page.goto('/desk')
  await takenOver(page)
  await page.getByRole('link', { name: /^Scores:/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scores')
  await page.getByLabel('League').selectOption(leagueId)
  await expect(page).toHaveURL(new RegExp(`/scores/${leagueId}$`))
  await expect(page.getByLabel('League').locator('option:checked')).toHaveText(`${name} (2 to score)`)

  const standings = page.getByRole('region', { name: /^Standings after/ })
  const row = (team: string) => standings.getByRole('row').filter({ has: page.getByRole('rowheader', { name: team }) })
  await expect(row(owls)).toHaveText(`1${owls}00000000`)

  const today = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${owls} v ${hawks}` }) })
  await expect(today.getByRole('textbox', { name: owls })).toHaveAttribute('inputmode', 'numeric')
  await today.getByRole('textbox', { name: owls }).fill('5')
  await today.getByRole('textbox', { name: hawks }).fill('3')
  await today.getByRole('button', { name: 'Save score' }).click()
  await expect(today.getByRole('status')).toHaveText(`Saved: ${owls} 5 – 3 ${hawks}.`)
  await expect(today.getByText('Result:')).toHaveText(`Result: ${owls} 5 – 3 ${hawks}`)
  await expect(row(owls)).toHaveText(`1${owls}110053+22`)
  await expect(row(hawks)).toHaveText(`3${hawks}101035-20`)

  const yesterday = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${bears} v ${owls}` }) })
  await yesterday.getByRole('button', { name: `${bears} forfeited` }).click()
  await expect(yesterday.getByRole('status')).toHaveText(`Saved: ${bears} forfeited (${bears} 0 – 20 ${owls}).`)
  await expect(row(owls)).toHaveText(`1${owls}2200253+224`)
  await expect(row(bears)).toHaveText(`3${bears}1010020-200`)

  // Another scorer corrects today's game meanwhile: this page's change is refused, and shows the result now.
  const elsewhere = await admin.request.post(`${BASE_URL}/api/admin/leagues/${leagueId}/games/${gameIds[0]}/score`, { headers: { origin: BASE_URL }, data: { outcome: 'score', version: 1, homeScore: 4, awayScore: 4 } })
  expect(elsewhere.status(), await elsewhere.text()).toBe(200)
  await today.getByRole('textbox', { name: owls }).fill('6')
  await today.getByRole('button', { name: 'Save score' }).click()
  const refused = `This game’s score was changed by someone else: it is now ${owls} 4 – 4 ${hawks}. Check it, and enter yours again if it still needs changing.`
  await expect(page.getByRole('alert')).toHaveText(refused)
  await expect(today.getByText('Result:')).toHaveText(`Result: ${owls} 4 – 4 ${hawks}`)
  await expect(today.getByRole('textbox', { name: owls })).toHaveValue('4')
  await expect(row(hawks)).toHaveText(`2${hawks}10014401`)

  await expectFitsAndNoSeriousViolations(page, { widths: [1280, 390], height: 844 })
})
