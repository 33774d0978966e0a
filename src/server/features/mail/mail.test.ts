import net, { type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, signWaiver } from '../../../../tests/factories.ts'
import { createTestDb, startTestApp, type TestApp, type TestDb } from '../../../../tests/test-app.ts'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'
import { createMailer, type MailLog } from './mailer.ts'
import type { OutboxPage } from '../../../shared/contracts/mail.ts'
import { CHECK_EMAIL_FOR_RESET } from '../../../shared/schemas/account.ts'
import { enqueueEmail, enqueueEmails, listOutbox, SECRET_TEXT_HIDDEN } from '../../core/outbox.queries.ts'

const MINUTE = 60_000

interface ReceivedMail {
  to: string[]
  subject: string
  text: string
}

interface SmtpSink {
  url: string
  messages: ReceivedMail[]
  close(): Promise<void>
}

/** A real SMTP server on loopback that keeps what it receives, answering after `replyDelayMs`. */
async function startSmtpSink({ port = 0, replyDelayMs = 0 } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    // Its STARTTLS certificate is self-signed, which the client rightly refuses.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parseMessage(Buffer.concat(chunks).toString('utf8')) })
        setTimeout(callback, replyDelayMs)
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The test messages are short ASCII, which nodemailer sends as 7bit: no decoding needed. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split)
  expect(headers).toMatch(/^Content-Transfer-Encoding: 7bit$/im)
  return {
    subject: /^Subject: (.*)$/im.exec(headers)?.[1] ?? '',
    text: raw.slice(split + 4).replace(/\r\n/g, '\n').replace(/\n$/, ''),
  }
}

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function testClock(start = new Date()) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
  }
}

interface LogEntry {
  level: 'info' | 'warn' | 'error'
  details: object
  message: string
}

function testLog(): MailLog & { entries: LogEntry[] } {
  const entries: LogEntry[] = []
  return {
    entries,
    info: (details, message) => entries.push({ level: 'info', details, message }),
    warn: (details, message) => entries.push({ level: 'warn', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  }
}

function mailerFor(db: Db, { smtpUrl, now, log = testLog() }: { smtpUrl?: string; now?: () => Date; log?: MailLog }) {
  return createMailer({ db, config: { smtpUrl, mailFrom: 'Indoor Sports Center <no-reply@facility.test>' }, log, now })
}

function outboxRow(db: Db, id: string) {
  return db.kysely
    .selectFrom('outbox')
    .select(['status', 'attempts', 'lastError', 'nextAttemptAt', 'sentAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 100))
  }
}

const confirmation = (tag: string) => ({
  to: `person-${tag}@example.com`,
  subject: `Registration confirmed ${tag}`,
  text: `You are registered for Spring Soccer.\nYour receipt: http://facility.test/receipt/${tag}`,
})

describe('the outbox and the mailer', () => {
  let testDb: TestDb
  let db: Db
  const sinks: SmtpSink[] = []
  beforeEach(async () => {
    testDb = await createTestDb()
    db = testDb.db
  })
  afterEach(async () => {
    await Promise.all(sinks.splice(0).map((s) => s.close()))
    await testDb.drop()
  })
  const sink = async (options?: { port?: number; replyDelayMs?: number }) => {
    const started = await startSmtpSink(options)
    sinks.push(started)
    return started
  }

  test('an email is queued with the change it announces: a rolled-back transaction leaves no email', async () => {
    await expect(
      inTransaction(db, async (tx) => {
        await enqueueEmail(tx, confirmation('rolled-back'))
        throw new Error('the registration failed')
      }),
    ).rejects.toThrow('the registration failed')
    const id = await inTransaction(db, (tx) => enqueueEmail(tx, confirmation('committed')))

    const rows = await db.kysely.selectFrom('outbox').select(['id', 'recipient', 'status', 'attempts']).execute()
    expect(rows).toEqual([{ id, recipient: 'person-committed@example.com', status: 'pending', attempts: 0 }])
  })

  test('a queued email arrives at the SMTP server with its recipient, subject and text, and is marked sent', async () => {
    const smtp = await sink()
    const clock = testClock()
    const id = await enqueueEmail(db, confirmation('a1'), clock.now())

    expect(await mailerFor(db, { smtpUrl: smtp.url, now: clock.now }).deliverDue()).toBe(1)

    expect(smtp.messages).toEqual([
      { to: ['person-a1@example.com'], subject: 'Registration confirmed a1', text: confirmation('a1').text },
    ])
    const row = await outboxRow(db, id)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    expect(new Date(row.sentAt!).getTime()).toBe(clock.now().getTime())
  })

  test('an unreachable SMTP server: the email stays pending, is retried with backoff, and arrives once the server is up', async () => {
    const port = await closedPort()
    const clock = testClock()
    const mailer = mailerFor(db, { smtpUrl: `smtp://127.0.0.1:${port}`, now: clock.now })
    const id = await enqueueEmail(db, confirmation('b1'), clock.now())

    expect(await mailer.deliverDue()).toBe(0)
    const first = await outboxRow(db, id)
    expect(first).toMatchObject({ status: 'pending', attempts: 1, sentAt: null })
    expect(first.lastError).toMatch(/ECONNREFUSED/)
    expect(new Date(first.nextAttemptAt).getTime()).toBe(clock.now().getTime() + MINUTE)

    // Not due yet: nothing is tried.
    clock.advance(30_000)
    expect(await mailer.deliverDue()).toBe(0)
    expect((await outboxRow(db, id)).attempts).toBe(1)

    clock.advance(30_000)
    expect(await mailer.deliverDue()).toBe(0)
    const second = await outboxRow(db, id)
    expect(second).toMatchObject({ status: 'pending', attempts: 2 })
    expect(new Date(second.nextAttemptAt).getTime()).toBe(clock.now().getTime() + 5 * MINUTE)

    const smtp = await sink({ port })
    clock.advance(5 * MINUTE)
    expect(await mailer.deliverDue()).toBe(1)
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Registration confirmed b1'])
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 3 })
  })

  test('after 8 failed attempts the email is failed and no longer tried', async () => {
    const port = await closedPort()
    const clock = testClock()
    const mailer = mailerFor(db, { smtpUrl: `smtp://127.0.0.1:${port}`, now: clock.now })
    const id = await enqueueEmail(db, confirmation('c1'), clock.now())

    for (let attempt = 1; attempt <= 7; attempt++) {
      await mailer.deliverDue()
      expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: attempt })
      clock.advance(60 * MINUTE)
    }
    await mailer.deliverDue()
    const row = await outboxRow(db, id)
    expect(row).toMatchObject({ status: 'failed', attempts: 8, sentAt: null })
    expect(row.lastError).toMatch(/ECONNREFUSED/)

    await sink({ port })
    clock.advance(24 * 60 * MINUTE)
    expect(await mailer.deliverDue()).toBe(0)
    expect((await outboxRow(db, id)).attempts).toBe(8)
  })

  test('two mailers delivering the same due emails at once send each exactly once', async () => {
    const smtp = await sink()
    const clock = testClock()
    const tags = Array.from({ length: 12 }, (_, i) => `d${i}`)
    for (const tag of tags) await enqueueEmail(db, confirmation(tag), clock.now())

    const counts = await Promise.all([
      mailerFor(db, { smtpUrl: smtp.url, now: clock.now }).deliverDue(),
      mailerFor(db, { smtpUrl: smtp.url, now: clock.now }).deliverDue(),
    ])

    expect(counts[0] + counts[1]).toBe(tags.length)
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(tags.map((t) => `Registration confirmed ${t}`).sort())
    const rows = await db.kysely.selectFrom('outbox').select(['status', 'attempts']).execute()
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })

  test('four instances taking batches of a long outbox at once log each email exactly once', async () => {
    const clock = testClock()
    const emails = Array.from({ length: 250 }, (_, i) => confirmation(`b${String(i).padStart(3, '0')}`))
    await enqueueEmails(db, emails, clock.now())
    const logs = [testLog(), testLog(), testLog(), testLog()]

    const counts = await Promise.all(logs.map((log) => mailerFor(db, { now: clock.now, log }).deliverDue()))

    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(emails.length)
    const subjects = logs.map((log) => log.entries.map((e) => (e.details as { email: { subject: string } }).email.subject))
    expect(subjects.flat().sort()).toEqual(emails.map((e) => e.subject).sort())
    const rows = await db.kysely.selectFrom('outbox').select(['status', 'attempts']).execute()
    expect(rows.every((r) => r.status === 'logged' && r.attempts === 1)).toBe(true)
  })

  test('without SMTP_URL the email is kept as logged and written to the log', async () => {
    const log = testLog()
    const clock = testClock()
    const id = await enqueueEmail(db, confirmation('e1'), clock.now())

    expect(await mailerFor(db, { now: clock.now, log }).deliverDue()).toBe(1)

    expect(await outboxRow(db, id)).toMatchObject({ status: 'logged', attempts: 1, lastError: null })
    expect(log.entries).toEqual([
      {
        level: 'info',
        details: { email: confirmation('e1') },
        message: expect.stringContaining('outbox'),
      },
    ])
  })

  test('an email carrying a one-time link is logged without its text (issue 9, item 4)', async () => {
    const log = testLog()
    const clock = testClock()
    const link = 'http://facility.test/resetPassword?token=one-time-secret-123'
    await enqueueEmail(db, { to: 's1@example.com', subject: 'Reset your password', text: `Open ${link}`, secret: true }, clock.now())
    await mailerFor(db, { now: clock.now, log }).deliverDue()
    expect(JSON.stringify(log.entries)).not.toContain('one-time-secret-123')
    expect(log.entries).toEqual([
      { level: 'info', details: { email: { to: 's1@example.com', subject: 'Reset your password', text: SECRET_TEXT_HIDDEN } }, message: expect.stringContaining('outbox') },
    ])
  })

  test('the started worker delivers on its own; stop() waits for a delivery in progress, and nothing is sent after', async () => {
    const smtp = await sink({ replyDelayMs: 500 })
    const clock = testClock()
    const mailer = mailerFor(db, { smtpUrl: smtp.url, now: clock.now })
    const before = await enqueueEmail(db, confirmation('f1'), clock.now())
    mailer.start()
    // The message is in; the server has not answered yet, so the delivery is under way.
    await waitFor(async () => (smtp.messages.length === 1 ? true : undefined))
    expect((await outboxRow(db, before)).status).toBe('pending')
    await mailer.stop()
    expect((await outboxRow(db, before)).status).toBe('sent')

    const after = await enqueueEmail(db, confirmation('f2'), clock.now())
    expect(await mailer.deliverDue()).toBe(0)
    expect((await outboxRow(db, after)).status).toBe('pending')
    expect(smtp.messages).toHaveLength(1)
  })

  test('the outbox lists newest first, in pages', async () => {
    const clock = testClock()
    const ids: string[] = []
    for (const tag of ['g1', 'g2', 'g3']) {
      ids.push(await enqueueEmail(db, confirmation(tag), clock.now()))
      clock.advance(1_000)
    }
    const first = await listOutbox(db, { page: 1, pageSize: 2, siteUrl: 'http://facility.test' })
    const second = await listOutbox(db, { page: 2, pageSize: 2, siteUrl: 'http://facility.test' })
    expect(first.total).toBe(3)
    expect(first.emails.map((e) => e.id)).toEqual([ids[2], ids[1]])
    expect(second.emails.map((e) => e.id)).toEqual([ids[0]])
    expect(second.emails[0]).toEqual({
      id: ids[0],
      ...confirmation('g1'),
      links: ['http://facility.test/receipt/g1'],
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      sentAt: null,
    })
  })
})

describe('GET /api/admin/outbox on the running app without SMTP_URL', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await startTestApp()
  })
  afterAll(() => ctx.close())

  test('the app logs queued emails, and an admin reads them in the outbox', async () => {
    const admin = await createUser(ctx, 'admin')
    const id = await enqueueEmail(ctx.db, confirmation('h1'))
    const email = await waitFor(async () => {
      const res = await admin.client.get<OutboxPage>('/api/admin/outbox?page=1')
      expect(res.status).toBe(200)
      const found = res.body.emails.find((e) => e.id === id)
      return found?.status === 'logged' ? found : undefined
    })
    expect(email).toEqual({
      id,
      ...confirmation('h1'),
      links: ['http://facility.test/receipt/h1'],
      status: 'logged',
      attempts: 1,
      lastError: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
  })

  test('staff see that a password reset or confirmation email exists and its status, never its link', async () => {
    const admin = await createUser(ctx, 'admin')
    const customer = await createUser(ctx)
    await ctx.client().post('/api/auth/request-password-reset', { email: customer.email })
    const email = await waitFor(async () => {
      const res = await admin.client.get<OutboxPage>('/api/admin/outbox?page=1')
      expect(res.text).not.toMatch(/token=/)
      return res.body.emails.find((e) => e.to === customer.email && e.status === 'logged')
    })
    expect(email).toMatchObject({ subject: `Reset your ${ctx.config.site.facilityName} password`, text: SECRET_TEXT_HIDDEN, status: 'logged' })
  })

  test('only the addresses the site wrote are links: a child named after a web address stays text (issue 30)', async () => {
    const admin = await createUser(ctx, 'admin')
    const league = await createLeague(ctx, { sport: 'kids', minAge: 4, maxAge: 14 })
    const guardian = await createRegistrant(ctx)
    const childId = await addChild(guardian, { dateOfBirth: daysFromToday(-8 * 366) })
    // Whatever the name rules let through today, text a family typed reaches the email this way.
    await ctx.db.kysely.updateTable('children').set({ firstName: 'Pay at https://evil.example/pay' }).where('id', '=', childId).execute()
    await signWaiver(guardian, childId)
    const registered = await guardian.client.post<{ registration: { id: string } }>(`/api/leagues/${league}/registrations`, { childId })
    expect(registered.status, registered.text).toBe(201)

    const email = await waitFor(async () => {
      const res = await admin.client.get<OutboxPage>(`/api/admin/outbox?q=${encodeURIComponent(guardian.email)}`)
      return res.body.emails.find((e) => e.subject.startsWith('Registration confirmed'))
    })
    expect(email.text).toContain('Pay at https://evil.example/pay')
    expect(email.links).toHaveLength(1)
    expect(email.links[0]).toMatch(new RegExp(`^http://facility\\.test/receipt/user/${guardian.id}/league/${league}/registration/`))
  })

  test('an address that only starts like the site, or names it as a user or a subdomain, is not the site’s', async () => {
    const admin = await createUser(ctx, 'admin')
    const to = `lookalikes-${Date.now()}@example.com`
    const own = ['http://facility.test/account', 'http://FACILITY.test/receipt/x?y=1#z']
    const others = ['https://facility.test/account', 'http://facility.test@evil.example/pay', 'http://facility.test.evil.example/pay', 'http://facility.test:8080/pay', 'https://evil.example/http://facility.test/']
    await enqueueEmail(ctx.db, { to, subject: 'Look-alikes', text: [...own, ...others].map((a, i) => `Line ${i}: ${a}.`).join('\n') })
    const email = await waitFor(async () => (await admin.client.get<OutboxPage>(`/api/admin/outbox?q=${to}`)).body.emails[0])
    expect(email.links).toEqual(own)
  })

  test('without a page it answers the first page of 50', async () => {
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.get<OutboxPage>('/api/admin/outbox')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ page: 1, pageSize: 50 })
  })

  test('a signed-out visitor gets 401', async () => {
    expect((await ctx.client().get('/api/admin/outbox')).status).toBe(401)
  })

  test.each(['customer', 'employee'] as const)('a %s gets 403', async (role) => {
    const user = await createUser(ctx, role)
    expect((await user.client.get('/api/admin/outbox')).status).toBe(403)
  })

  test.each(['0', 'abc', '-1', '1.5', '1e3', '100001', ''])('page=%s is a 400 that says why', async (page) => {
    const admin = await createUser(ctx, 'admin')
    const res = await admin.client.get<{ error: { message: string } }>(`/api/admin/outbox?page=${page}`)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('Page must be a whole number from 1 to 100000.')
  })
})

describe('the running app with SMTP_URL', () => {
  let ctx: TestApp
  let smtp: SmtpSink
  beforeAll(async () => {
    smtp = await startSmtpSink()
    ctx = await startTestApp({ env: { SMTP_URL: smtp.url } })
  })
  afterAll(async () => {
    await ctx.close()
    await smtp.close()
  })

  test('queued emails are sent through it', async () => {
    const id = await enqueueEmail(ctx.db, confirmation('i1'))
    await waitFor(async () => ((await outboxRow(ctx.db, id)).status === 'sent' ? true : undefined))
    expect(smtp.messages).toEqual([{ to: ['person-i1@example.com'], subject: 'Registration confirmed i1', text: confirmation('i1').text }])
  })

  test('Forgot Password says only to check the email', async () => {
    const res = await ctx.client().post('/api/auth/request-password-reset', { email: 'nobody-here@example.com' })
    expect(res.body).toEqual({ message: CHECK_EMAIL_FOR_RESET })
  })
})
