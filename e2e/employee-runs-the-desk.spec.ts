import { BASE_URL, daysFromToday, expect, openInApp, signIn, test, uniqueToken } from './fixtures.ts'

/*
 * The front desk (issue 21 §3, docs/decisions/0016): an employee finds a parent by their child's
 * name, records the waiver the parent signs on the staff screen, registers the child, takes the
 * payment, and prints the league's list.
 */
test('an employee finds a customer by a child’s name, registers the child with the waiver signed on screen, takes a payment and prints the list', async ({ asEmployee: page, browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Desk Kids ${token}`
  const leagueId = await insertLeague({
    name: leagueName, sport: 'kids', kind: 'individual', minAge: 4, maxAge: 12, priceCents: 6000,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const parent = await createUser({ label: 'desk-parent' })
  const childName = `Juniper${token.slice(0, 6).replace(/\d/g, 'x')}`
  const setup = await browser.newContext({ baseURL: BASE_URL })
  await signIn(setup.request, parent)
  const child = await setup.request.post('/api/children', {
    headers: { origin: BASE_URL },
    data: { firstName: childName, lastName: 'Desk', dateOfBirth: '2018-04-02', emergencyContactName: 'Grandma Desk', emergencyContactPhone: '555-010-7777', notes: 'Asthma inhaler' },
  })
  expect(child.status()).toBe(201)
  await setup.close()

  await openInApp(page, '/desk')
  await page.getByLabel('Name, email, phone or a child’s name').fill(childName.toLowerCase())
  await page.getByRole('link', { name: parent.displayName }).click()
  await expect(page.getByRole('heading', { level: 2, name: parent.displayName })).toBeVisible()

  // The parent signs for the child on the staff screen.
  await page.getByLabel('Signed for').selectOption({ label: `${childName} Desk` })
  await page.getByLabel('Signature: the customer types their full name').fill(parent.displayName)
  await page.getByLabel('The customer has read and agrees to this waiver').check()
  await page.getByRole('button', { name: 'Record the signature' }).click()
  await expect(page.getByText(`${childName} Desk: signed`)).toBeVisible()

  await page.getByLabel('League', { exact: true }).selectOption({ label: `${leagueName} ($60.00)` })
  await page.getByLabel('Who plays').selectOption({ label: `${childName} Desk` })
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(page.getByText(`Registered for ${leagueName}. $60.00 to pay: take the payment below.`)).toBeVisible()

  await page.getByRole('row').filter({ hasText: leagueName }).getByRole('button', { name: /^Payments and details/ }).click()
  await page.getByLabel('Amount (dollars)').fill('60')
  await page.getByLabel('Method').selectOption('cash')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(page.getByText('Nothing is due: the registration is paid in full.')).toBeVisible()

  await openInApp(page, `/leagueRegistrants/${leagueId}`)
  const row = page.getByRole('row').filter({ hasText: `${childName} Desk` })
  await expect(row).toContainText('Grandma Desk (555) 010-7777')
  await expect(row).toContainText('Asthma inhaler')
  await expect(row).toContainText('Signed')
  await expect(row).toContainText('$0.00')
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes')
  })
  await page.getByRole('button', { name: 'Print' }).click()
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes')
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(row).toBeVisible()
})

test('an employee puts a walk-in on a team of a team league, the waiver signed on screen first', async ({ asEmployee: page, browser, createUser, insertLeague }) => {
  const token = uniqueToken()
  const leagueName = `Desk Hoops ${token}`
  const leagueId = await insertLeague({
    name: leagueName, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMax: 8, teamPayment: 'player-fee', priceCents: 3000,
    registrationDate: daysFromToday(-3), startDate: daysFromToday(30), endDate: daysFromToday(90),
  })
  const captain = await createUser({ label: 'desk-captain' })
  const setup = await browser.newContext({ baseURL: BASE_URL })
  await signIn(setup.request, captain)
  const origin = { origin: BASE_URL }
  expect((await setup.request.post('/api/waiver/signatures', { headers: origin, data: { signedName: captain.displayName, agree: 'yes' } })).status()).toBe(201)
  const teamName = `Desk Dribblers ${token}`
  expect((await setup.request.post(`/api/leagues/${leagueId}/teams`, { headers: origin, data: { name: teamName } })).status()).toBe(201)
  await setup.close()
  const walkIn = await createUser({ label: 'desk-walk-in' })

  await openInApp(page, `/desk/customer/${walkIn.id}`)
  await page.getByLabel('Signature: the customer types their full name').fill(walkIn.displayName)
  await page.getByLabel('The customer has read and agrees to this waiver').check()
  await page.getByRole('button', { name: 'Record the signature' }).click()
  await page.getByLabel('League', { exact: true }).selectOption({ label: `${leagueName} (teams, $30.00 a player)` })
  await page.getByLabel('Team', { exact: true }).selectOption({ label: `${teamName} (1 of 8 players)` })
  await page.getByRole('button', { name: 'Put on the team' }).click()
  await expect(page.getByText(`Registered for ${teamName} in ${leagueName}. $30.00 to pay: take the payment below.`)).toBeVisible()
})
