import { expectNoSeriousViolationsAtWidths } from './axe.ts'
import { BASE_URL, daysFromToday, expect, takenOver, test, uniqueToken } from './fixtures.ts'
import { SCHEDULE_MESSAGES } from '../src/shared/schemas/schedule.ts'

/*
 * The facility's courts and fields (issue 33): an admin finds Playing areas from the leagues page,
 * adds a court with the sports it hosts (the server refusing one without any), renames it, and
 * deletes it; and sees, a week at a time, what is on each area (docs/decisions/0034).
 */

test('an admin adds a playing area, is told to choose a sport, renames it and deletes it', async ({ asAdmin: admin }) => {
  const token = uniqueToken()
  await admin.goto('/leagues')
  await takenOver(admin)
  await admin.getByRole('link', { name: 'Playing areas' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Playing Areas')

  await admin.getByRole('button', { name: 'New playing area' }).click()
  const form = admin.getByRole('region', { name: 'New playing area' })
  await expect(form.getByRole('heading', { level: 2 })).toBeFocused()
  await form.getByLabel('Name').fill(`Court ${token}`)
  await form.getByRole('button', { name: 'Add playing area' }).click()
  await expect(form.getByText('Choose at least one sport it can host.').first()).toBeVisible()
  await form.getByLabel('Basketball').check()
  await form.getByLabel('Kids').check()
  await form.getByRole('button', { name: 'Add playing area' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Added' })).toHaveText(`Added Court ${token}.`)
  const row = admin.getByRole('row').filter({ hasText: `Court ${token}` })
  await expect(row).toContainText('Basketball, Kids')
  await expect(row).toContainText('0 games')
  await expect(admin.getByRole('button', { name: 'New playing area' })).toBeFocused()

  await row.getByRole('button', { name: `Edit Court ${token}` }).click()
  const edit = admin.getByRole('region', { name: `Edit Court ${token}` })
  await edit.getByLabel('Name').fill(`Centre Court ${token}`)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(`Saved Centre Court ${token}.`)

  const renamed = admin.getByRole('row').filter({ hasText: `Centre Court ${token}` })
  await renamed.getByRole('button', { name: `Delete Centre Court ${token}` }).click()
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Deleted' })).toHaveText(`Deleted Centre Court ${token}.`)
  await expect(admin.getByRole('row').filter({ hasText: token })).toHaveCount(0)
})

test('an academy whose Where names a court shows on that court in next week’s calendar, axe clean at both widths', async ({ asAdmin: admin }) => {
  const token = uniqueToken()
  const sent = { headers: { origin: BASE_URL } }
  const area = await admin.request.post(`${BASE_URL}/api/admin/playing-areas`, { ...sent, data: { name: `Week Court ${token}`, sports: ['basketball'] } })
  expect(area.status(), await area.text()).toBe(201)
  const date = daysFromToday(7)
  const academy = await admin.request.post(`${BASE_URL}/api/admin/academies`, {
    ...sent,
    data: {
      name: `Week Skills ${token}`, sport: 'basketball', description: '', coach: '', location: `week court ${token}`, isActive: 'true', forChildren: 'true', minAge: '8', maxAge: '10',
      weekdays: String(new Date(`${date}T00:00:00Z`).getUTCDay() || 7), startTime: '16:00', endTime: '17:00', registrationDate: daysFromToday(-1), startDate: date, endDate: daysFromToday(14),
      skippedDates: '', price: '180', capacity: '16',
    },
  })
  expect(academy.status(), await academy.text()).toBe(201)

  await admin.goto('/admin/playingAreas')
  await takenOver(admin)
  const week = admin.getByRole('region', { name: 'This week' })
  await expect(week.getByRole('heading', { level: 3 })).toHaveCount(7)
  await admin.getByRole('button', { name: 'Next week' }).click()
  const next = admin.getByRole('region', { name: /^Week of / })
  const day = next.getByRole('listitem').filter({ hasText: `Week Court ${token}` })
  await expect(day).toContainText(`4:00 PM – 5:00 PM: Week Skills ${token}`)
  await expectNoSeriousViolationsAtWidths(admin)
})

test('a new academy’s Where offers the playing areas; a court an academy takes place on is not deleted, and the page says why', async ({ asAdmin: admin }) => {
  const token = uniqueToken()
  const sent = { headers: { origin: BASE_URL } }
  const court = `Booked Court ${token}`
  expect((await admin.request.post(`${BASE_URL}/api/admin/playing-areas`, { ...sent, data: { name: court, sports: ['basketball'] } })).status()).toBe(201)
  const academy = await admin.request.post(`${BASE_URL}/api/admin/academies`, {
    ...sent,
    data: {
      name: `Booked Skills ${token}`, sport: 'basketball', description: '', coach: '', location: court, isActive: 'false', forChildren: 'false', minAge: '', maxAge: '',
      weekdays: '1', startTime: '06:00', endTime: '07:00', registrationDate: daysFromToday(-1), startDate: daysFromToday(30), endDate: daysFromToday(60), skippedDates: '', price: '100', capacity: '10',
    },
  })
  expect(academy.status(), await academy.text()).toBe(201)

  await admin.goto('/academyRegistrations')
  await takenOver(admin)
  await admin.getByRole('button', { name: 'New academy' }).click()
  const where = admin.getByRole('combobox', { name: 'Where' })
  await expect(admin.locator(`datalist#${await where.getAttribute('list')} option[value="${court}"]`)).toHaveCount(1)

  await admin.goto('/admin/playingAreas')
  await takenOver(admin)
  const row = admin.getByRole('row').filter({ hasText: court })
  await expect(row).toContainText(`0 games · Booked Skills ${token}`)
  await row.getByRole('button', { name: `Delete ${court}` }).click()
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(admin.getByRole('alert')).toHaveText(SCHEDULE_MESSAGES.areaBooked(court, [`Booked Skills ${token}`]))
  await expect(row).toHaveCount(1)
})
