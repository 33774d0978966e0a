import { expect, takenOver, test, uniqueToken } from './fixtures.ts'

/*
 * The facility's courts and fields (issue 33): an admin finds Playing areas from the leagues page,
 * adds a court with the sports it hosts (the server refusing one without any), renames it, and
 * deletes it.
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
