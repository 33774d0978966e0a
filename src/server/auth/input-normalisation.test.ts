import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createUser, latestEmailTo, linkInLatestEmail, newUserInput } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import type { SessionUser } from '../../shared/contracts/session.ts'
import type { Child } from '../../shared/contracts/children.ts'

/**
 * Names, phones and emails are one line of plain text, stored the same way whichever form they
 * came through — Create Account, Your details, a child — and emails never quote a stranger's
 * words as the facility's (issue 9, items 10 and 12).
 */

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const ONE_LINE = 'Display name must be one line of plain text, without tabs, line breaks or hidden characters.'
const PHONE = 'Please enter a valid phone number with its area code, or + and the country code.'

async function storedUser(email: string) {
  return ctx.db.kysely.selectFrom('users').select(['displayName', 'phone', 'email']).where('email', '=', email).executeTakeFirst()
}

describe('Create Account', () => {
  test.each([
    ['a line break', 'Ann\r\nYour account is suspended: https://evil.example'],
    ['a tab', 'Ann\tLee'],
    ['a right-to-left override', 'Ann \u202Egnp.exe'],
    ['a zero-width space', 'Ann\u200BLee'],
  ])('a display name with %s is refused, and no account is made', async (_what, name) => {
    const input = newUserInput({ name })
    const res = await ctx.client().post('/api/auth/sign-up/email', input)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { fields: { name: ONE_LINE } } })
    expect(await storedUser(input.email)).toBeUndefined()
  })

  test.each([
    ['a line break', '555\r\n010 1234'],
    ['a tab', '555\t010\t1234'],
  ])('a phone with %s is refused', async (_what, phone) => {
    const res = await ctx.client().post('/api/auth/sign-up/email', newUserInput({ phone }))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { fields: { phone: PHONE } } })
  })

  test('names are trimmed with inner spaces collapsed, emails lower-cased, and a numeric phone stored as E.164', async () => {
    const input = newUserInput()
    const res = await ctx.client().post('/api/auth/sign-up/email', {
      ...input,
      name: '  Ann    Lee  ',
      email: `  ${input.email.toUpperCase()} `,
      phone: 5550100100.0,
    })
    expect(res.status, res.text).toBe(200)
    expect(await storedUser(input.email)).toEqual({ displayName: 'Ann Lee', phone: '+15550100100', email: input.email })
  })

  test("the authentication library's own errors never show its field paths", async () => {
    for (const body of [
      { ...newUserInput(), password: 12345678 },
      { ...newUserInput(), callbackURL: 42, name: 'Ann Lee' },
    ]) {
      const res = await ctx.client().post('/api/auth/sign-up/email', body)
      expect(res.status, res.text).toBeLessThan(500)
      expect(res.text).not.toMatch(/\[body\.|Invalid input|expected string/)
    }
    const signIn = await ctx.client().post('/api/auth/sign-in/email', { email: 'someone@example.com', password: 12345678 })
    expect(signIn.status).toBe(401)
    expect(signIn.text).not.toMatch(/\[body\.|Invalid input|expected string/)
  })
})

describe('your details and children: the same rules', () => {
  test('a display name or phone with a line break is refused on /account; spaces are trimmed', async () => {
    const user = await createUser(ctx)
    const bad = await user.client.post('/api/account/profile', { displayName: 'Jo\nLee', phone: '555 010\r\n1234' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: { fields: { displayName: ONE_LINE, phone: PHONE } } })
    const good = await user.client.post<{ user: SessionUser }>('/api/account/profile', { displayName: ' Jo   Lee ', phone: ' 555  010 1234 ' })
    expect(good.body.user).toMatchObject({ displayName: 'Jo Lee', phone: '+15550101234' })
  })

  test("a child's names and emergency contact follow the same rules", async () => {
    const guardian = await createUser(ctx)
    const bad = await guardian.client.post('/api/children', {
      firstName: 'Sam\u202E',
      lastName: 'Rivera\t',
      dateOfBirth: '2018-05-20',
      emergencyContactName: 'Alex\nRivera',
      emergencyContactPhone: '555\n010 9999',
      notes: 'Peanut allergy.\nCarries an EpiPen.',
    })
    expect(bad.status).toBe(400)
    expect(Object.keys((bad.body as { error: { fields: object } }).error.fields).sort()).toEqual([
      'emergencyContactName',
      'emergencyContactPhone',
      'firstName',
    ])
    const id = await addChild(guardian, { firstName: '  Sam ', lastName: ' de   la Cruz ', notes: 'Peanut allergy.\nCarries an EpiPen.' })
    const { body } = await guardian.client.get<{ children: Child[] }>('/api/children')
    expect(body.children.find((c) => c.id === id)).toMatchObject({ firstName: 'Sam', lastName: 'de la Cruz', notes: 'Peanut allergy.\nCarries an EpiPen.' })
  })
})

describe('emails to an address nobody has confirmed', () => {
  test("the confirmation email does not quote the name typed at Create Account; a reset email quotes only a confirmed account's name", async () => {
    const mailing = await startTestApp({ env: { ACCOUNT_CONFIRMATION: 'email' } })
    try {
      const stranger = newUserInput({ name: 'Security team: call 555-0100 now' })
      await mailing.client().post('/api/auth/sign-up/email', stranger)
      const confirmation = await latestEmailTo(mailing, stranger.email)
      expect(confirmation?.subject).toMatch(/^Confirm your email address/)
      expect(confirmation?.text).not.toContain('Security team')
      await mailing.client().post('/api/auth/request-password-reset', { email: stranger.email })
      await linkInLatestEmail(mailing, stranger.email, '/resetPassword')
      expect((await latestEmailTo(mailing, stranger.email))?.text).not.toContain('Security team')

      const member = await createUser(mailing)
      await mailing.client().post('/api/auth/request-password-reset', { email: member.email })
      await linkInLatestEmail(mailing, member.email, '/resetPassword')
      expect((await latestEmailTo(mailing, member.email))?.text).toMatch(new RegExp(`^Hi ${member.displayName},`))
    } finally {
      await mailing.close()
    }
  })
})
