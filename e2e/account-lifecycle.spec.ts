import type { Locator, Page } from '@playwright/test'
import { BASE_URL, daysFromToday, EMAIL_CONFIRMATION_URL, expect, openInApp, test, uniqueToken } from './fixtures.ts'

/*
 * Creating an account, staying signed in, signing out and in again (product §3, §4, §6). The one
 * spec that uses the Create Account and Sign In forms for real; the others sign in through
 * the fixtures.
 */

const PASSWORD_TOO_SHORT = 'The password must be 6 characters long or more'

function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' })
}

function accountButton(page: Page): Locator {
  return mainNav(page).getByRole('button', { name: 'Account', exact: true })
}

async function storedSessionUser(page: Page): Promise<unknown> {
  const raw = await page.evaluate(() => localStorage.getItem('sessionUser'))
  return raw === null ? null : JSON.parse(raw)
}

/** Fills in Create Account for `person` and submits it. */
async function submitCreateAccount(page: Page, person: { displayName: string; email: string; phone: string; password: string }): Promise<void> {
  await page.getByLabel('Display name').fill(person.displayName)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Phone').fill(person.phone)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByLabel('Confirm password').fill(person.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

test('a new person creates an account, is signed in at once, registers for a league and sees the receipt', async ({
  asVisitor: page,
  insertLeague,
}) => {
  const token = uniqueToken()
  const leagueName = `First Hour League ${token}`
  await insertLeague({
    name: leagueName,
    sport: 'basketball',
    kind: 'individual',
    registrationDate: daysFromToday(-7),
    startDate: daysFromToday(30),
    endDate: daysFromToday(90),
    priceCents: 4500,
    capacity: 20,
  })
  const person = { displayName: `Robin Hale ${token}`, email: `robin-${token}@e2e.test`, phone: '(555) 010-0177', password: `secret-${token}` }

  await page.goto('/basketballIndividualSignUp')
  const card = page.getByRole('article', { name: leagueName })
  await card.getByRole('button', { name: /^Register/ }).click()
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account')
  await submitCreateAccount(page, person)

  // Signed in at once, and back on the page the person came from (product §4).
  await expect(accountButton(page)).toBeVisible()
  await expect(page.getByText('Your account is created and you are signed in.')).toBeVisible()
  await expect(page).toHaveURL(`${BASE_URL}/basketballIndividualSignUp`)
  await card.getByRole('button', { name: /^Register/ }).click()
  await expect(page).toHaveURL(`${BASE_URL}/waiver`)
  await page.getByLabel('Full name').fill(person.displayName)
  await page.getByLabel('I have read and agree to this waiver').check()
  await page.getByRole('button', { name: /^Sign/ }).click()
  await page.getByRole('link', { name: 'Continue registration' }).click()
  await expect(card.getByRole('status')).toContainText(`You're registered! Your place in ${leagueName} is confirmed.`)
  await card.getByRole('link', { name: /^View receipt/ }).click()
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/receipt/user/`))
  await expect(page.getByRole('main')).toContainText(leagueName)
  await expect(page.getByRole('main')).toContainText(person.email)
})

test('Create Account for an email that already has an account says so on the email field', async ({ asVisitor: page, createUser }) => {
  const owner = await createUser()
  await page.goto('/register')
  await submitCreateAccount(page, { displayName: 'Someone Else', email: owner.email, phone: '(555) 010-0123', password: 'another-secret' })
  await expect(page.getByText('An account with this email already exists. Sign in instead.').first()).toBeVisible()
  await expect(accountButton(page)).toHaveCount(0)
})

test.describe('with confirmation by email (a mail server configured)', () => {
  test.use({ siteUrl: EMAIL_CONFIRMATION_URL })

  test('a person creates an account, confirms it from the email, stays signed in, signs out and signs in again', async ({
    asVisitor: page,
    emailLink,
  }) => {
    const token = uniqueToken()
    const person = {
      displayName: `Pat Morgan ${token}`,
      email: `pat-${token}@e2e.test`,
      phone: '(555) 010-0199',
      password: `secret-${token}`,
    }

    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account')
    await submitCreateAccount(page, person)
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused()
    await expect(page.getByRole('status')).toContainText(person.email)
    await expect(accountButton(page)).toHaveCount(0)

    // The link in the email confirms the address and signs the person in.
    await page.goto(await emailLink(person.email))
    await expect(accountButton(page)).toBeVisible()
    await expect(page).toHaveURL(`${EMAIL_CONFIRMATION_URL}/`)
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0)

    // The login is kept across a reload, in the cookie and in the stored session user (product §3).
    await page.reload()
    await expect(accountButton(page)).toBeVisible()
    const stored = await storedSessionUser(page)
    expect(stored).toEqual({
      uid: expect.any(String),
      email: person.email,
      displayName: person.displayName,
      phone: '+15550100199',
      isLoggedIn: true,
      isAdmin: false,
      isEmployee: false,
      userRole: 'customer',
    })
    await page.goto('/account')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account')
    await expect(page.getByRole('definition')).toHaveText([person.displayName, person.email, person.phone, 'Customer'])

    // Signing out from another page takes the person home (product §4).
    await page.goto('/academy')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academies')
    await accountButton(page).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(`${EMAIL_CONFIRMATION_URL}/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports and Activities')
    await expect(accountButton(page)).toHaveCount(0)
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible()
    expect(await storedSessionUser(page)).toBeNull()
    // Signed out on the server too: the account page asks to sign in again.
    await page.goto('/account')
    await expect(page).toHaveURL(`${EMAIL_CONFIRMATION_URL}/signIn`)

    await page.goto('/')
    await mainNav(page).getByRole('link', { name: 'Sign In' }).click()
    await fillSignIn(page, person.email, person.password)
    await expect(accountButton(page)).toBeVisible()
    await expect(page).toHaveURL(`${EMAIL_CONFIRMATION_URL}/`)
  })

  test('Create Account answers the same for an address that already has an account', async ({ asVisitor: page, createUser, emailLink }) => {
    const owner = await createUser()
    await page.goto('/register')
    await submitCreateAccount(page, { displayName: 'Someone Else', email: owner.email, phone: '(555) 010-0123', password: 'another-secret' })
    await expect(page.getByRole('status')).toContainText('Check your email: we have sent you a link to finish creating your account.')
    // The owner is told, with the way back in.
    expect(await emailLink(owner.email)).toBe('/signIn')
  })

  test('an expired confirmation link sends the person to sign in with the reason', async ({ asVisitor: page }) => {
    await page.goto('/api/auth/verify-email?token=expired-or-forged')
    await expect(page).toHaveURL(`${EMAIL_CONFIRMATION_URL}/signIn?confirmation=expired`)
    await expect(page.getByRole('alert')).toHaveText('This confirmation link has expired or is not valid. Sign in and we will email you a new one.')
  })
})

test('without a mail server, Forgot Password says email is not set up and to ask the front desk', async ({ asVisitor: page }) => {
  // Once the app has mounted: on a loaded machine a click during hydration can land on neither page.
  await openInApp(page, '/signIn')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot Password')
  await expect(page.getByText('Email is not set up on this site, so no reset link can be sent to you. Ask at the front desk')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toHaveCount(0)
  await expect(page.getByText(/we have sent/)).toHaveCount(0)
})

test('a person sets a new password from a reset link', async ({ asVisitor: page, createUser, emailLink }) => {
  const user = await createUser()
  // As a mail server would deliver it: the link the site wrote to the outbox.
  expect((await page.request.post(`${BASE_URL}/api/auth/request-password-reset`, { headers: { origin: BASE_URL }, data: { email: user.email } })).ok()).toBe(true)
  await page.goto(await emailLink(user.email, '/resetPassword'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset Password')
  await page.getByLabel('New password', { exact: true }).fill('abc')
  await page.getByLabel('Confirm new password').fill('abc')
  await page.getByRole('button', { name: 'Save New Password' }).click()
  await expect(page.getByText(PASSWORD_TOO_SHORT, { exact: true })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(`${user.password}-new`)
  await page.getByLabel('Confirm new password').fill(`${user.password}-new`)
  await page.getByRole('button', { name: 'Save New Password' }).click()
  await expect(page.getByRole('status')).toHaveText('Your password has been changed, and every device that was signed in has been signed out.')

  await page.getByRole('link', { name: 'Sign In', exact: true }).last().click()
  await fillSignIn(page, user.email, user.password)
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.')
  await fillSignIn(page, user.email, `${user.password}-new`)
  await expect(accountButton(page)).toBeVisible()
})

test('signing out from a signed-in-only page goes home without an alert', async ({ asVisitor: page, createUser }) => {
  const user = await createUser()
  await page.goto('/signIn')
  await fillSignIn(page, user.email, user.password)
  await expect(accountButton(page)).toBeVisible()
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account')

  await accountButton(page).click()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible()
  await expect(page).toHaveURL(`${BASE_URL}/`, { timeout: 2_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports and Activities')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a password shorter than 6 characters is refused as it is typed', async ({ asVisitor: page }) => {
  const apiCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth/')) apiCalls.push(request.url())
  })
  await page.clock.install({ time: new Date('2027-03-01T10:00:00Z') })
  await page.goto('/register')
  const password = page.getByLabel('Password', { exact: true })
  await expect(password).toBeEditable()
  // From here on time moves only when the test says so: the check waits 20 ms (product §9).
  await page.clock.pauseAt(new Date('2027-03-01T11:00:00Z'))

  await password.fill('abcde')
  await page.clock.runFor(19)
  await expect(page.getByText(PASSWORD_TOO_SHORT)).toHaveCount(0)
  await page.clock.runFor(1)
  await expect(page.getByText(PASSWORD_TOO_SHORT, { exact: true })).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription(new RegExp(`^${PASSWORD_TOO_SHORT}`))
  await expect(password).toBeFocused()

  // Six characters are enough.
  await password.fill('abcdef')
  await page.clock.runFor(20)
  await expect(page.getByText(PASSWORD_TOO_SHORT)).toHaveCount(0)
  await expect(password).toHaveAttribute('aria-invalid', 'false')
  expect(apiCalls).toEqual([])
})

test('a wrong password is refused', async ({ asVisitor: page, createUser }) => {
  const user = await createUser()
  await page.goto('/signIn')
  await fillSignIn(page, user.email, `${user.password}-wrong`)
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.')
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await expect(accountButton(page)).toHaveCount(0)
})

test('after signing in from a redirect, a failed try first, the person returns to the page they asked for', async ({
  asVisitor: page,
  createUser,
}) => {
  const user = await createUser()
  await page.goto('/account')
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to see this page')

  // A failed attempt: its message takes the redirect's place, one alert and not two stacked.
  await fillSignIn(page, user.email, `${user.password}-wrong`)
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.')

  await fillSignIn(page, user.email, user.password)
  await expect(page).toHaveURL(`${BASE_URL}/account`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account')
  await expect(page.getByText(user.email)).toBeVisible()
})

for (const [role, path, heading] of [
  ['employee', '/desk', 'Front Desk'],
  ['admin', '/dashboard', 'Dashboard'],
  ['customer', '/', 'Sports and Activities'],
] as const) {
  test(`a ${role} who signs in with no page asked for lands on ${path}`, async ({ asVisitor: page, createUser }) => {
    const user = await createUser({ role })
    await openInApp(page, '/signIn')
    await fillSignIn(page, user.email, user.password)
    await expect(page).toHaveURL(`${BASE_URL}${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  })
}

test('an employee sent to sign in from a page they asked for returns to it, not the front desk', async ({ asVisitor: page, createUser }) => {
  const employee = await createUser({ role: 'employee' })
  await page.goto('/desk/academies')
  await expect(page).toHaveURL(`${BASE_URL}/signIn`)
  await fillSignIn(page, employee.email, employee.password)
  await expect(page).toHaveURL(`${BASE_URL}/desk/academies`)
})

test.describe('navigation bar', () => {
  test('a visitor sees Sign In and no Dashboard link', async ({ asVisitor: page }) => {
    await page.goto('/')
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expect(mainNav(page).getByRole('link')).toHaveText(['Sports & Activities', 'Academies', 'Create Account', 'Sign In'])
  })

  test('a customer has no Dashboard link and no Create Account', async ({ asCustomer: page }) => {
    await page.goto('/')
    await expect(accountButton(page)).toBeVisible()
    await expect(mainNav(page).getByRole('link')).toHaveText(['Sports & Activities', 'Academies'])
  })

  test('an employee has no Dashboard link, and a Front Desk link', async ({ asEmployee: page }) => {
    await page.goto('/')
    await expect(accountButton(page)).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
    await expect(mainNav(page).getByRole('link')).toHaveText(['Sports & Activities', 'Academies', 'Front Desk'])
  })

  test('an admin has a Dashboard link that opens the dashboard', async ({ asAdmin: page }) => {
    await page.goto('/')
    await expect(mainNav(page).getByRole('link')).toHaveText(['Sports & Activities', 'Academies', 'Dashboard', 'Front Desk'])
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard')
  })

  test('the Account menu opens with View Account and Sign Out and closes with Escape', async ({ asCustomer: page }) => {
    await page.goto('/')
    const button = accountButton(page)
    const viewAccount = mainNav(page).getByRole('link', { name: 'View Account' })
    const signOut = mainNav(page).getByRole('button', { name: 'Sign Out' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(viewAccount).toBeHidden()

    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(viewAccount).toBeVisible()
    await expect(signOut).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(viewAccount).toBeHidden()
    await expect(signOut).toBeHidden()
    await expect(button).toBeFocused()

    await button.click()
    await viewAccount.click()
    await expect(page).toHaveURL(`${BASE_URL}/account`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account')
    await expect(viewAccount).toBeHidden()
  })
})
