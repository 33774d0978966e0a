import { readFile } from 'node:fs/promises'
import type { APIRequestContext } from '@playwright/test'
import { admitParticipant } from '../src/server/core/registrations/admission.ts'
import { takePlace } from '../src/server/core/registrations/engine.ts'
import { findAcademyOffering } from '../src/server/core/registrations/offerings.queries.ts'
import type { Db } from '../src/server/db/connect.ts'
import { BASE_URL, daysFromToday, expect, signIn, test, uniqueToken, type TestUser } from './fixtures.ts'

/*
 * Staff run an academy's participants (issue 23): they open an academy's list from the academies
 * staff page, read a child's medical notes, download the CSV, and move a participant to another
 * academy. The family's part — a child added, the waiver signed — goes through the API; the
 * place is taken by the registration engine, as the family's sign-up will.
 */

const sent = { headers: { origin: BASE_URL } }

/** Adds the signed-in guardian's child and signs the waiver for them; answers the child's id. */
async function childOf(request: APIRequestContext, guardian: TestUser, child: { firstName: string; notes: string }): Promise<string> {
  const added = await request.post(`${BASE_URL}/api/children`, {
    ...sent,
    data: { ...child, lastName: 'Okafor', dateOfBirth: '2018-05-20', emergencyContactName: 'Grace Okafor', emergencyContactPhone: '555-010-7777' },
  })
  expect(added.status(), await added.text()).toBe(201)
  const childId = ((await added.json()) as { child: { id: string } }).child.id
  const waiver = await request.post(`${BASE_URL}/api/waiver/signatures`, { ...sent, data: { signedName: guardian.displayName, agree: 'yes', childId } })
  expect(waiver.status(), await waiver.text()).toBe(201)
  return childId
}

async function enrol(db: Db, academyId: string, userId: string, childId: string): Promise<void> {
  const offering = await findAcademyOffering(db, academyId)
  if (!offering) throw new Error('the academy is not open')
  const admission = await admitParticipant(db, offering, { userId, childId })
  await takePlace(db, { ...admission, offering, userId, idempotencyKey: null, now: new Date(), today: daysFromToday(0), siteUrl: BASE_URL })
}

test('staff open an academy’s participants, read a child’s medical notes, download the CSV and move a participant to another academy', async ({
  asAdmin: page,
  backend,
  createUser,
  insertAcademy,
  playwright,
}) => {
  const token = uniqueToken()
  const academy = (name: string) =>
    insertAcademy({
      name,
      sport: 'soccer',
      isActive: true,
      forChildren: true,
      minAge: 8,
      maxAge: 10,
      weekdays: [2, 4],
      startTime: '18:00',
      endTime: '19:00',
      registrationDate: daysFromToday(-1),
      startDate: '2027-01-05',
      endDate: '2027-01-28',
      capacity: 12,
      priceCents: 18_000,
    })
  const skills = `Skills Academy ${token}`
  const finishing = `Finishing Clinic ${token}`
  const [skillsId, finishingId] = [await academy(skills), await academy(finishing)]
  const guardian = await createUser({ label: 'academy-guardian' })
  const request = await playwright.request.newContext()
  await signIn(request, guardian)
  const maya = await childOf(request, guardian, { firstName: 'Maya', notes: `Peanut allergy ${token}: EpiPen in her bag` })
  const leo = await childOf(request, guardian, { firstName: 'Leo', notes: '' })
  await request.dispose()
  for (const childId of [maya, leo]) await enrol(backend.db, skillsId, guardian.id, childId)

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
  expect(csv.split('\r\n')[0]).toMatch(/^Name,Age,Guardian,Phone,Email,Emergency contact,Emergency phone,Medical notes,/)
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
