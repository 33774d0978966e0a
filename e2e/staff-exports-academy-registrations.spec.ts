import { readFile } from 'node:fs/promises'
import { academyInput, addChildWithWaiver, enrolInAcademy } from './academy-places.ts'
import { BASE_URL, expect, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * Staff run an academy's participants (issue 23): they open an academy's list from the academies
 * staff page, read a child's medical notes, download the CSV, and move a participant to another
 * academy. The family's part goes through the API and the engine (academy-places.ts).
 */

test('staff open an academy’s participants, read a child’s medical notes, download the CSV and move a participant to another academy', async ({
  asAdmin: page,
  backend,
  createUser,
  insertAcademy,
  playwright,
}) => {
  const token = uniqueToken()
  const skills = `Skills Academy ${token}`
  const finishing = `Finishing Clinic ${token}`
  const [skillsId, finishingId] = [await insertAcademy(academyInput(skills)), await insertAcademy(academyInput(finishing))]
  const guardian = await createUser({ label: 'academy-guardian' })
  const request = await playwright.request.newContext()
  await signIn(request, guardian)
  const maya = await addChildWithWaiver(request, guardian, { firstName: 'Maya', notes: `Peanut allergy ${token}: EpiPen in her bag` })
  const leo = await addChildWithWaiver(request, guardian, { firstName: 'Leo', notes: '' })
  await request.dispose()
  for (const childId of [maya, leo]) await enrolInAcademy(backend.db, skillsId, guardian.id, childId)

  await page.goto('/academyRegistrations')
  await page.getByRole('row', { name: new RegExp(skills) }).getByRole('button', { name: `Participants of ${skills}` }).click()
  await expect(page).toHaveURL(`${BASE_URL}/academyRegistrations?academy=${skillsId}`)
  await expect(page.getByRole('heading', { level: 2, name: 'Participants' })).toBeFocused()
  const table = page.getByRole('region', { name: `${skills}: participants` })
  const mayaRow = table.getByRole('row', { name: /Maya Okafor/ })
  await expect(mayaRow).toContainText(`Peanut allergy ${token}: EpiPen in her bag`)
  await expect(mayaRow).toContainText('Age 8')
  await expect(mayaRow).toContainText(guardian.displayName)
  await expect(mayaRow).toContainText('Grace Okafor')
  await expect(table.getByRole('row')).toHaveCount(3)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^academy-skills-academy-.+\.csv$/)
  const csv = await readFile((await download.path())!, 'utf8')
  // The file opens with UTF-8's byte order mark, so a spreadsheet reads the names' accents.
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFName,Age,Guardian,Phone,Email,Emergency contact,Emergency phone,Medical notes,/)
  expect(csv).toContain(`Maya Okafor,8,${guardian.displayName}`)
  expect(csv).toContain(`Peanut allergy ${token}: EpiPen in her bag`)
  expect(csv).toContain('Leo Okafor,8,')

  await table.getByLabel('Academy to move Leo Okafor to').selectOption({ label: finishing })
  await table.getByRole('button', { name: 'Move Leo Okafor' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText(`Leo Okafor moved to ${finishing}; what was paid moved with the place.`)
  await expect(table.getByRole('row')).toHaveCount(2)

  await page.getByLabel('Academy', { exact: true }).selectOption({ label: finishing })
  await expect(page).toHaveURL(`${BASE_URL}/academyRegistrations?academy=${finishingId}`)
  await expect(page.getByRole('region', { name: `${finishing}: participants` }).getByRole('row', { name: /Leo Okafor/ })).toContainText('Confirmed')
})
