import { attendanceHref } from '../src/client/features/academies/attendance-text.ts'
import { formatDate } from '../src/shared/format.ts'
import { newestEmailTo } from '../tests/emails.ts'
import { nineYearOldBorn as dateOfBirth, placeChildren, thisWeeksAcademy } from './academy-places.ts'
import { BASE_URL, daysFromToday, expect, test, uniqueToken } from './fixtures.ts'

/*
 * The coach marks attendance at the door on a phone (issue 23): today's session comes up by
 * itself, each tap is saved at once and stays after a reload, a save the server refuses is put
 * back with the reason, and the printed sheet is the table alone with each child's total.
 */

test('on a phone, the coach (an employee) marks two children present and one absent at the door; the marks stay after a reload and the printed sheet totals them', async ({
  asEmployee: page,
  backend,
  createUser,
  insertAcademy,
}) => {
  await page.setViewportSize({ width: 375, height: 667 })
  const name = `Soccer Skills ${uniqueToken()}`
  const academyId = await insertAcademy(thisWeeksAcademy(name))
  const guardian = await createUser({ label: 'attendance' })
  const [ava] = await placeChildren(backend.db, academyId, guardian.id, [
    { firstName: 'Ava', lastName: 'Brooks', dateOfBirth },
    { firstName: 'Ben', lastName: 'Brooks', dateOfBirth },
    { firstName: 'Cleo', lastName: 'Brooks', dateOfBirth },
  ])
  // Ava came yesterday too.
  const yesterday = await page.request.post(`/api/admin/academies/${academyId}/attendance`, {
    data: { registrationId: ava, sessionDate: daysFromToday(-1), present: true },
    headers: { origin: BASE_URL },
  })
  expect(yesterday.status()).toBe(200)

  await page.goto('/desk')
  await page.getByRole('link', { name: 'Academies: participants and attendance' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academies at the Desk')
  await page.getByRole('link', { name: `Attendance of ${name}` }).click()
  await expect(page).toHaveURL(/\/desk\/academies\?academy=/)
  await expect(page.getByRole('heading', { level: 2, name: `Attendance: ${name}` })).toBeVisible()
  await expect(page.getByLabel('Session')).toHaveValue(daysFromToday(0))
  const door = page.getByRole('list', { name: /^Participants on .* \(today\)$/ })
  const toggle = (label: 'Present' | 'Absent', child: string) => door.getByRole('button', { name: new RegExp(`^${label} for ${child} Brooks, `) })

  for (const [label, child] of [['Present', 'Ava'], ['Present', 'Ben'], ['Absent', 'Cleo']] as const) {
    const saved = page.waitForResponse((res) => res.url().endsWith('/attendance') && res.request().method() === 'POST')
    await toggle(label, child).click()
    await expect(toggle(label, child)).toHaveAttribute('aria-pressed', 'true')
    expect((await saved).status()).toBe(200)
  }
  await expect(page.getByText('2 present, 1 absent, 0 not marked')).toBeVisible()

  await page.reload()
  await expect(toggle('Present', 'Ava')).toHaveAttribute('aria-pressed', 'true')
  await expect(toggle('Present', 'Ben')).toHaveAttribute('aria-pressed', 'true')
  await expect(toggle('Absent', 'Cleo')).toHaveAttribute('aria-pressed', 'true')
  await expect(toggle('Present', 'Cleo')).toHaveAttribute('aria-pressed', 'false')

  // A save the server refuses: the reason is shown and the cell goes back to what was saved.
  await page.route('**/attendance', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 404, json: { error: { message: 'This place was cancelled a moment ago.' } } }) : route.fallback(),
  )
  await toggle('Present', 'Cleo').click()
  await expect(page.getByRole('alert')).toContainText('Cleo Brooks could not be marked present')
  await expect(page.getByRole('alert')).toContainText('This place was cancelled a moment ago.')
  await expect(toggle('Absent', 'Cleo')).toHaveAttribute('aria-pressed', 'true')
  await expect(toggle('Present', 'Cleo')).toHaveAttribute('aria-pressed', 'false')
  await page.unroute('**/attendance')

  await page.emulateMedia({ media: 'print' })
  const sheet = page.getByRole('table', { name: `${name}: attendance` })
  await expect(sheet).toBeVisible()
  await expect(door).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
  await expect(page.locator('.top-bar')).toBeHidden()
  const totals = await sheet.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [row.querySelector('th')?.textContent, row.querySelector('.attendance-total')?.textContent]))
  expect(totals).toEqual([
    ['Ava Brooks', '2'],
    ['Ben Brooks', '1'],
    ['Cleo Brooks', '0'],
  ])
  await expect(sheet.locator('thead th')).toHaveCount(2 + 7 + 1)
})

test("an admin cancels tomorrow's session after a confirm: it leaves the picker and the sheet, and the family's email is kept on the Emails page (no mail server)", async ({ asAdmin: page, backend, createUser, insertAcademy }) => {
  const name = `Soccer Skills ${uniqueToken()}`
  const academyId = await insertAcademy(thisWeeksAcademy(name))
  const guardian = await createUser({ label: 'attendance-cancel' })
  await placeChildren(backend.db, academyId, guardian.id, [{ firstName: 'Ava', lastName: 'Brooks', dateOfBirth }])
  await page.goto(attendanceHref(academyId))
  const tomorrow = daysFromToday(1)
  await page.getByLabel('Session').selectOption(tomorrow)
  const day = formatDate(tomorrow)
  const opener = page.getByRole('button', { name: `Cancel the session on ${day}` })
  await opener.click()
  // The site's own dialog asks, the safe button first; going back changes nothing.
  const dialog = page.getByRole('alertdialog', { name: `Cancel ${name} on ${day}?` })
  await expect(dialog).toHaveAccessibleDescription('This site sends no email: the email to every family with a place is kept on the Emails page.')
  await expect(dialog.getByRole('button', { name: 'Keep the session' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Keep the session' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByLabel('Session').locator(`option[value="${tomorrow}"]`)).toHaveCount(1)
  await opener.click()
  await dialog.getByRole('button', { name: 'Cancel the session', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText(`The session on ${day} is cancelled. This site sends no email: the email to 1 family is kept on the Emails page.`)
  await expect(page.getByLabel('Session').locator(`option[value="${tomorrow}"]`)).toHaveCount(0)
  await expect(page.getByRole('table', { name: `${name}: attendance` }).locator('thead th')).toHaveCount(2 + 6 + 1)
  const email = await newestEmailTo(backend.db, guardian.email)
  expect(email?.subject).toBe(`${name} on ${day} is cancelled`)
  expect(email?.text).toContain(`Ava's session of ${name} on ${day} is cancelled.`)
})
