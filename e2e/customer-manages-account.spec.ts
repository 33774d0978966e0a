import type { APIRequest, APIRequestContext, Locator, Page } from '@playwright/test'
import { BASE_URL, daysFromToday, expect, test, uniqueToken, type LeagueInput, type Sessions, type TestUser } from './fixtures.ts'

/*
 * The Account page and receipts: a customer edits their details, changes their password,
 * follows their registrations through the waitlist, claims an offered place, cancels one,
 * and opens and prints a receipt.
 */

function openLeague(overrides: Partial<LeagueInput> = {}): LeagueInput {
  return {
    name: `Account League ${uniqueToken()}`,
    sport: 'basketball',
    kind: 'individual',
    registrationDate: daysFromToday(-3),
    startDate: daysFromToday(14),
    endDate: daysFromToday(60),
    priceCents: 4500,
    ...overrides,
  }
}

const ORIGIN = { origin: BASE_URL }

async function signIn(request: APIRequestContext, email: string, password: string): Promise<number> {
  const res = await request.post(`${BASE_URL}/api/auth/sign-in/email`, { headers: ORIGIN, data: { email, password } })
  return res.status()
}

/** Signs the current waiver for whoever `request` is signed in as, ready to register. */
async function signWaiver(request: APIRequestContext, signedName: string): Promise<void> {
  const signed = await request.post(`${BASE_URL}/api/waiver/signatures`, { headers: ORIGIN, data: { signedName, agree: 'yes' } })
  expect(signed.status()).toBe(201)
}

/**
 * Another person in the same league. The worker's shared staff sessions stand in for them:
 * they are already signed in, which spares a sign-in (argon2) per test.
 */
async function otherPerson(
  request: APIRequest,
  sessions: Sessions,
  role: 'employee' | 'admin',
): Promise<{ user: TestUser; api: APIRequestContext }> {
  const { user, storageState } = await sessions.get(role)
  const api = await request.newContext({ storageState })
  await signWaiver(api, user.displayName)
  return { user, api }
}

async function register(request: APIRequestContext, leagueId: string): Promise<{ id: string; status: string }> {
  const res = await request.post(`${BASE_URL}/api/leagues/${leagueId}/registrations`, { headers: ORIGIN, data: {} })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { registration: { id: string; status: string } }).registration
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name })
}

function registrationCard(page: Page, leagueName: string): Locator {
  return section(page, 'Registrations').getByRole('article', { name: leagueName })
}

test('a customer edits their details and changes their password', async ({ asVisitor: page, createUser, playwright }) => {
  const user = await createUser({ label: 'account' })
  expect(await signIn(page.request, user.email, user.password)).toBe(200)
  // A second browser signed in as the same person, to be signed out by the password change.
  const otherDevice = await playwright.request.newContext()
  expect(await signIn(otherDevice, user.email, user.password)).toBe(200)

  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account')
  const details = section(page, 'Your details')
  await expect(details.getByRole('definition')).toHaveText([user.displayName, user.email, user.phone, 'Customer'])
  await expect(section(page, 'Registrations')).toContainText('You have not registered for any leagues yet.')
  await expect(section(page, 'Children')).toContainText('You have not added any children.')
  await expect(section(page, 'Waivers signed')).toContainText('You have not signed the waiver yet.')

  const newName = `Robin Park ${uniqueToken()}`
  await details.getByRole('button', { name: 'Edit details' }).click()
  await details.getByLabel('Display name').fill(newName)
  await details.getByLabel('Phone').fill('not a phone')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByText('Please enter a valid phone number with its area code, or + and the country code.')).toBeVisible()
  await details.getByLabel('Phone').fill('(555) 246-8100')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByRole('status')).toHaveText('Your details have been saved.')
  await expect(details.getByRole('definition')).toHaveText([newName, user.email, '(555) 246-8100', 'Customer'])
  await expect(details.getByRole('button', { name: 'Edit details' })).toBeFocused()
  // The stored session user follows (product §3), so the next visit starts with the new name.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sessionUser') ?? 'null') as { displayName: string } | null)
  expect(stored?.displayName).toBe(newName)

  const password = section(page, 'Change password')
  const newPassword = `${user.password}-changed`
  await password.getByLabel('Current password').fill('not-my-password')
  await password.getByLabel('New password', { exact: true }).fill(newPassword)
  await password.getByLabel('Confirm new password').fill(`${newPassword}-typo`)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByText('Confirm new password must match New password.')).toBeVisible()

  await password.getByLabel('Confirm new password').fill(newPassword)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByRole('alert')).toHaveText('The current password is incorrect.')
  await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')

  await password.getByLabel('Current password').fill(user.password)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByRole('status')).toContainText('Your password has been changed.')
  await expect(password.getByLabel('Current password')).toHaveValue('')

  // This browser stays signed in; the other one is signed out.
  await page.reload()
  await expect(section(page, 'Your details').getByRole('definition').first()).toHaveText(newName)
  expect(await (await otherDevice.get(`${BASE_URL}/api/session`)).json()).toEqual({ user: null })
  // The new password signs in (that the old one no longer does is in profile.test.ts).
  expect(await signIn(otherDevice, user.email, newPassword)).toBe(200)
  await otherDevice.dispose()
})

test('a customer follows the waitlist, claims an offered place, cancels one and prints a receipt', async ({
  asVisitor: page,
  createUser,
  insertLeague,
  playwright,
  sessions,
}) => {
  const me = await createUser({ label: 'account' })
  const full = openLeague({ name: `Thursday Hoops ${uniqueToken()}`, capacity: 1 })
  const open = openLeague({ name: `Winter Soccer ${uniqueToken()}`, sport: 'soccer', priceCents: 6000 })
  const [fullId, openId] = await Promise.all([insertLeague(full), insertLeague(open)])
  const holder = await otherPerson(playwright.request, sessions, 'employee')
  const behindMe = await otherPerson(playwright.request, sessions, 'admin')
  expect(await signIn(page.request, me.email, me.password)).toBe(200)
  await signWaiver(page.request, me.displayName)

  const held = await register(holder.api, fullId)
  expect((await register(page.request, fullId)).status).toBe('waitlisted')
  expect((await register(behindMe.api, fullId)).status).toBe('waitlisted')
  expect((await register(page.request, openId)).status).toBe('confirmed')

  await page.goto('/account')
  const waiting = registrationCard(page, full.name)
  await expect(waiting.getByText('Waitlisted', { exact: true })).toBeVisible()
  await expect(waiting).toContainText('Number 1 of 2 on the waitlist')
  // Nothing is owed for a waitlist position: the price is due once a place is claimed.
  await expect(waiting).toContainText('Nothing due while on the waitlist')
  await expect(waiting.getByRole('button', { name: 'Claim place' })).toHaveCount(0)
  await expect(section(page, 'Waivers signed')).toContainText(new RegExp(`Myself — version \\d+, signed as ${me.displayName}`))

  // The holder cancels: the place is offered to the first person waiting.
  const cancelled = await holder.api.post(`${BASE_URL}/api/registrations/${held.id}/cancel`, { headers: ORIGIN, data: {} })
  expect(cancelled.status()).toBe(200)
  await holder.api.dispose()
  await behindMe.api.dispose()
  await page.reload()
  await expect(waiting).toContainText(/Place offered — claim by \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} [AP]M/)
  const outcome = section(page, 'Registrations').getByRole('status')
  await waiting.getByRole('button', { name: 'Claim place' }).click()
  await expect(outcome).toHaveText(`You claimed your place in ${full.name}. Your registration is confirmed.`)
  await expect(waiting).toContainText('$45.00')
  await expect(waiting.getByText('Confirmed', { exact: true })).toBeVisible()
  await expect(waiting.getByRole('button', { name: 'Claim place' })).toHaveCount(0)

  // Cancelling asks first; "Keep registration" changes nothing.
  await waiting.getByRole('button', { name: 'Cancel registration' }).click()
  await expect(waiting.getByText(`Cancel your registration for ${full.name}?`)).toBeVisible()
  await expect(waiting.getByRole('button', { name: 'Keep registration' })).toBeFocused()
  await waiting.getByRole('button', { name: 'Keep registration' }).click()
  await expect(waiting.getByRole('button', { name: 'Yes, cancel' })).toHaveCount(0)
  await expect(waiting.getByText('Confirmed', { exact: true })).toBeVisible()

  await waiting.getByRole('button', { name: 'Cancel registration' }).click()
  await waiting.getByRole('button', { name: 'Yes, cancel' }).click()
  await expect(outcome).toHaveText(`Your registration for ${full.name} has been cancelled.`)
  await expect(waiting.getByText('Cancelled', { exact: true })).toBeVisible()
  await expect(waiting.getByRole('button', { name: 'Cancel registration' })).toHaveCount(0)
  await expect(waiting).toContainText('Nothing due')

  const soccer = registrationCard(page, open.name)
  await expect(soccer).toContainText('$60.00')
  await soccer.getByRole('link', { name: 'Receipt' }).click()
  await expect(page).toHaveURL(new RegExp(`/receipt/user/${me.id}/league/${openId}/registration/[\\w-]+$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipt')
  const receipt = page.getByRole('article', { name: /^Receipt / })
  await expect(receipt).toContainText('Indoor Sports Center')
  await expect(receipt).toContainText(open.name)
  await expect(receipt).toContainText(me.displayName)
  await expect(receipt).toContainText(me.email)
  await expect(receipt).toContainText('No payments have been recorded yet.')
  await expect(receipt.getByRole('definition').last()).toHaveText('$60.00')

  // The printed receipt is the receipt alone: no navigation, footer or buttons.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(nav).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden()
  await expect(page.locator('.site-footer')).toBeHidden()
  await expect(receipt).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible()

  // The league's receipt without a registration id is the same registration's.
  await page.goto(`/registrationReceipt/user/${me.id}/league/${openId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registration Receipt')
  await expect(page.getByRole('article', { name: /^Receipt / })).toContainText(open.name)
})

test("someone else's receipt is not found", async ({ asCustomer: page, insertLeague, playwright, sessions }) => {
  const leagueId = await insertLeague(openLeague())
  const owner = await otherPerson(playwright.request, sessions, 'admin')
  const registration = await register(owner.api, leagueId)
  await owner.api.dispose()

  await page.goto(`/receipt/user/${owner.user.id}/league/${leagueId}/registration/${registration.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipt')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Receipt not found')
  await expect(page.getByText('This receipt does not exist, or it is not yours.')).toBeVisible()
  await page.getByRole('link', { name: 'Go to your account' }).click()
  await expect(page).toHaveURL(`${BASE_URL}/account`)
})

test('a long email address wraps inside its column of the receipt at 1280 px', async ({ asVisitor: page, createUser, insertLeague }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const user = await createUser({ label: `a-very-long-email-address-that-goes-on-and-on-${'x'.repeat(30)}`, displayName: 'Casey Long' })
  expect(await signIn(page.request, user.email, user.password)).toBe(200)
  await signWaiver(page.request, user.displayName)
  const leagueId = await insertLeague(openLeague())
  const registration = await register(page.request, leagueId)

  await page.goto(`/receipt/user/${user.id}/league/${leagueId}/registration/${registration.id}`)
  const facts = page.getByRole('article', { name: /^Receipt / }).locator('.receipt-facts > div')
  const registrant = facts.filter({ hasText: 'Registrant' }).getByRole('definition')
  await expect(registrant).toContainText(user.email)
  // The text itself, not its box: an unbroken address overflows a box that keeps its width.
  const textRight = await registrant.evaluate((dd) => {
    const range = document.createRange()
    range.selectNodeContents(dd)
    return range.getBoundingClientRect().right
  })
  const league = await facts.filter({ hasText: /^League/ }).boundingBox()
  expect(textRight).toBeLessThanOrEqual(league!.x)
})

test('a guardian adds a child on the account page, edits them, and removes them while they hold no registration', async ({ asVisitor: page, createUser }) => {
  const user = await createUser({ label: 'guardian-children' })
  expect(await signIn(page.request, user.email, user.password)).toBe(200)
  await page.goto('/account')
  const children = section(page, 'Children')
  await expect(children).toContainText('You have not added any children.')

  await children.getByRole('button', { name: 'Add a child' }).click()
  const adding = children.getByRole('form', { name: 'Add a child' })
  await expect(adding.getByLabel('First name')).toBeFocused()
  // One click on the empty form names every missing field: leaving First name says nothing that moves the button.
  await adding.getByRole('button', { name: 'Add child' }).click()
  await expect(adding.getByText(/ is required\.$/)).toHaveText([
    'First name is required.',
    'Last name is required.',
    'Date of birth is required.',
    'Emergency contact name is required.',
    'Emergency contact phone is required.',
  ])
  await adding.getByLabel('First name').fill('Sam')
  await adding.getByLabel('Last name').fill('Rivera')
  await adding.getByLabel('Date of birth').fill('2018-05-20')
  await adding.getByLabel('Emergency contact name').fill('Alex Rivera')
  await adding.getByLabel('Emergency contact phone').fill('555-010-4242')
  await adding.getByRole('button', { name: 'Add child' }).click()
  await expect(children.getByRole('status')).toHaveText('Sam Rivera is added.')

  await children.getByRole('button', { name: 'Edit Sam Rivera' }).click()
  const editing = children.getByRole('form', { name: 'Edit Sam Rivera' })
  await expect(editing.getByLabel('Date of birth')).toHaveValue('2018-05-20')
  await editing.getByLabel('First name').fill('Samuel')
  await editing.getByLabel('Notes (allergies, medical)').fill('Asthma inhaler in the bag.')
  await editing.getByRole('button', { name: 'Save changes' }).click()
  await expect(children.getByRole('status')).toHaveText("Samuel Rivera's details are saved.")
  await expect(children.getByRole('button', { name: 'Edit Samuel Rivera' })).toBeFocused()
  await expect(children).toContainText('Notes: Asthma inhaler in the bag.')

  await children.getByRole('button', { name: 'Remove Samuel Rivera' }).click()
  await expect(children.getByRole('group', { name: 'Remove Samuel Rivera?' })).toBeVisible()
  await children.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(children.getByRole('status')).toHaveText('Samuel Rivera is removed from your account.')
  await expect(children).toContainText('You have not added any children.')
})
