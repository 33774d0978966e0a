import { createHmac, randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, type TestUser } from '../../../../tests/factories.ts'
import { createTeam } from '../../../../tests/teams.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { buildApp } from '../../app.ts'
import { runDueJobs, type JobHandlers } from '../../core/jobs.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import type { MessageDraft, MessagePreview, SentMessage } from '../../../shared/contracts/messages.ts'
import { MESSAGES_PER_DAY } from '../../../shared/messages.ts'
import { facilityToday } from '../../../shared/format.ts'
import { sendMessage, writeMessageEmailBatch, MESSAGE_BATCH } from './messages.queries.ts'

let ctx: TestApp
let employee: TestUser
let league: Awaited<ReturnType<typeof seedLeague>>
beforeAll(async () => {
  ctx = await startTestApp()
  employee = await createUser(ctx, 'employee')
  league = await seedLeague()
})
afterAll(() => ctx.close())

/**
 * A league of 302 places written straight to the tables: 100 guardians with two children each
 * (one of them also plays), 99 adults, two accounts whose addresses differ only in letter case, and
 * 5 people on the waitlist. 200 addresses hold its places, 100 of them guardians'.
 */
async function seedLeague() {
  const leagueId = await createLeague(ctx, { name: `Spring Soccer ${randomUUID().slice(0, 4)}` })
  const { db } = ctx
  const { id: offeringId } = await db.kysely.selectFrom('offerings').select('id').where('leagueId', '=', leagueId).where('kind', '=', 'league-place').executeTakeFirstOrThrow()
  const at = timestampParam(db.dialect, new Date())
  const tag = randomUUID().slice(0, 6)
  const users: { id: string; email: string }[] = []
  const person = (email: string) => {
    const user = { id: randomUUID(), email }
    users.push(user)
    return user
  }
  const guardians = Array.from({ length: 100 }, (_, i) => person(`guardian${i}-${tag}@example.test`))
  const adults = Array.from({ length: 99 }, (_, i) => person(`adult${i}-${tag}@example.test`))
  const twins = [person(`Twin-${tag}@Example.test`), person(`twin-${tag}@example.test`)]
  const waiting = Array.from({ length: 5 }, (_, i) => person(`waiting${i}-${tag}@example.test`))
  await db.kysely
    .insertInto('users')
    .values(users.map((u) => ({ id: u.id, displayName: u.email, email: u.email, emailVerified: boolParam(db.dialect, true), image: null, phone: null, role: 'customer' as const, createdAt: at, updatedAt: at })))
    .execute()
  const children = guardians.flatMap((g) => [0, 1].map((n) => ({ id: randomUUID(), guardianId: g.id, firstName: `Kid${n}`, lastName: g.email, dateOfBirth: '2016-05-01', emergencyContactName: 'Someone', emergencyContactPhone: '+15550101234', notes: null, createdAt: at, updatedAt: at })))
  await db.kysely.insertInto('children').values(children).execute()
  let seq = 0
  const place = (userId: string, childId: string | null, status: 'confirmed' | 'waitlisted' = 'confirmed') => {
    seq++
    return { id: randomUUID(), offeringId, userId, participantKey: childId ?? 'self', childId, status, seq, receiptNumber: `MSG-${tag}-${seq}`, idempotencyKey: null, offerExpiresAt: null, waiverVersion: null, teamId: null, leagueSlot: null, photoConsent: null, createdAt: at, updatedAt: at }
  }
  const places = [
    ...children.map((c) => place(c.guardianId, c.id)),
    place(guardians[0]!.id, null),
    ...adults.map((a) => place(a.id, null)),
    ...twins.map((t) => place(t.id, null)),
    ...waiting.map((w) => place(w.id, null, 'waitlisted')),
  ]
  for (let i = 0; i < places.length; i += 100) await db.kysely.insertInto('registrations').values(places.slice(i, i + 100)).execute()
  return { id: leagueId, guardians, adults, twin: `twin-${tag}@example.test`, waiting }
}

const draft = (overrides: Partial<MessageDraft> = {}): MessageDraft => ({
  audience: { kind: 'league', id: league.id, waitlist: false },
  whom: 'participants',
  subject: 'The gym is closed on Saturday',
  text: 'The gym is closed this Saturday for repairs. Games move to Sunday at the same times.',
  ...overrides,
})

async function recipientsOf(messageId: string) {
  return ctx.db.kysely
    .selectFrom('messageRecipients as m')
    .leftJoin('outbox as o', 'o.id', 'm.outboxId')
    .select(['m.address', 'm.outboxId', 'o.recipient', 'o.text'])
    .where('m.messageId', '=', messageId)
    .execute()
}

/** Waits for the message's job to have written every recipient's email (the runner goes every 5 s). */
async function allWritten(messageId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const rows = await recipientsOf(messageId)
    if (rows.every((r) => r.outboxId !== null)) return rows
    if (Date.now() > until) throw new Error(`${rows.filter((r) => r.outboxId === null).length} recipients still without an email`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Every email written for the message, by lower-cased address, with how many each address got. */
async function emailsPerAddress(messageId: string): Promise<Map<string, number>> {
  const rows = await ctx.db.kysely
    .selectFrom('outbox')
    .innerJoin('messageRecipients as m', 'm.id', 'outbox.id')
    .select('outbox.recipient')
    .where('m.messageId', '=', messageId)
    .execute()
  const counts = new Map<string, number>()
  for (const r of rows) counts.set(r.recipient.toLowerCase(), (counts.get(r.recipient.toLowerCase()) ?? 0) + 1)
  return counts
}

/** The token of the unsubscribe link in an email's text. */
const linkIn = (text: string) => /\/unsubscribe\/([\w-]+)$/m.exec(text)?.[1]
/** What an unsubscribe token stands for, as its page reads it (nothing changes). */
const addressOfToken = (token: string) => ctx.client().get<{ address: string; error: { message: string } }>(`/api/unsubscribe/${token}`)
/** The token of an address's unsubscribe link, as its messages carry it. */
async function tokenOf(address: string): Promise<string> {
  const { token } = await ctx.db.kysely.selectFrom('unsubscribeTokens').select('token').where('address', '=', address).executeTakeFirstOrThrow()
  return token
}
/** A link as messages carried it before migration 0044: the address in base64url, a dot, and its HMAC by the site's secret. */
function signedOldStyle(address: string): string {
  const key = createHmac('sha256', ctx.config.authSecret!).update('unsubscribe').digest()
  return `${Buffer.from(address).toString('base64url')}.${createHmac('sha256', key).update(address).digest('base64url').slice(0, 32)}`
}

describe('a message to a league', () => {
  test('a league of 300 places: each address receives it once (a guardian of two children, a person registered twice, two accounts of one address)', async () => {
    const preview = await employee.client.post<MessagePreview>('/api/messages/preview', draft())
    expect(preview.status, preview.text).toBe(200)
    expect(preview.body).toMatchObject({ reaches: 200, skipped: 0 })
    expect(preview.body.sample?.text).toContain('Games move to Sunday')
    expect(preview.body.sample?.text).toMatch(/To receive no more messages like this one at this address: http:\/\/facility\.test\/unsubscribe\/[\w-]{32}$/m)

    const sent = await employee.client.post<{ message: SentMessage }>('/api/messages', draft())
    expect(sent.status, sent.text).toBe(201)
    expect(sent.body.message).toMatchObject({ recipients: 200, skipped: 0, queued: 200 })
    const rows = await allWritten(sent.body.message.id)
    expect(rows).toHaveLength(200)
    const counts = await emailsPerAddress(sent.body.message.id)
    expect(counts.size).toBe(200)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    expect(counts.get(league.guardians[0]!.email)).toBe(1)
    expect(counts.get(league.twin)).toBe(1)
    expect(counts.has(league.waiting[0]!.email)).toBe(false)
    // The foot's link is the recipient's own, and it carries no part of the address (access logs hold links).
    const first = rows.find((r) => r.address === league.guardians[0]!.email)!
    const token = linkIn(first.text!)!
    expect((await addressOfToken(token)).body).toEqual({ address: league.guardians[0]!.email })
    for (const part of [league.guardians[0]!.email, Buffer.from(league.guardians[0]!.email).toString('base64url').slice(0, 8), 'guardian0']) expect(token).not.toContain(part)
    expect(new Set(rows.map((r) => linkIn(r.text!))).size).toBe(200)

    const list = await employee.client.get<{ messages: SentMessage[]; sentToday: number }>('/api/messages')
    expect(list.body.messages.find((m) => m.id === sent.body.message.id)).toMatchObject({ recipients: 200, subject: 'The gym is closed on Saturday' })
    const audit = await ctx.db.kysely.selectFrom('auditEntries').select(['action', 'staffId', 'entityLabel']).where('entityId', '=', sent.body.message.id).execute()
    expect(audit).toEqual([{ action: 'message-sent', staffId: employee.id, entityLabel: 'The gym is closed on Saturday' }])
  }, 60_000)

  test('guardians only reaches the guardians of its children; its waitlist reaches those waiting', async () => {
    const guardians = await employee.client.post<MessagePreview>('/api/messages/preview', draft({ whom: 'guardians' }))
    expect(guardians.body).toMatchObject({ reaches: 100, skipped: 0 })
    const waitlist = await employee.client.post<MessagePreview>('/api/messages/preview', draft({ audience: { kind: 'league', id: league.id, waitlist: true } }))
    expect(waitlist.body).toMatchObject({ reaches: 5 })
    expect(waitlist.body.sample?.to).toBe(league.waiting[0]!.email)
  })

  test('captains only reaches the captains of the league’s teams; a team reaches its roster', async () => {
    const teamLeague = await createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 2, rosterMax: 5, teamPayment: 'team-fee', teamFeeCents: 30000, priceCents: 4000 })
    const [first, second] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
    const team = await createTeam(first, teamLeague, 'Net Gains')
    await createTeam(second, teamLeague, 'Rim Runners')
    const captains = await employee.client.post<MessagePreview>('/api/messages/preview', draft({ whom: 'captains', audience: { kind: 'league', id: teamLeague, waitlist: false } }))
    expect(captains.body).toMatchObject({ reaches: 2, skipped: 0 })
    const roster = await employee.client.post<MessagePreview>('/api/messages/preview', draft({ audience: { kind: 'team', id: team.id, waitlist: false } }))
    expect(roster.body).toMatchObject({ reaches: 1, sample: { to: first.email.toLowerCase() } })
    expect(roster.body.sample?.text).toContain(`wrote this to the people in Net Gains (`)
  })

  test('a draft that cannot be sent is refused in words: no such league, captains of a waitlist, nobody to write to', async () => {
    const missing = await employee.client.post('/api/messages/preview', draft({ audience: { kind: 'league', id: randomUUID(), waitlist: false } }))
    expect(missing.status).toBe(404)
    const captains = await employee.client.post<{ error: { message: string } }>('/api/messages', draft({ whom: 'captains', audience: { kind: 'league', id: league.id, waitlist: true } }))
    expect(captains.status).toBe(400)
    const empty = await createLeague(ctx)
    const nobody = await employee.client.post<{ error: { message: string } }>('/api/messages', draft({ audience: { kind: 'league', id: empty, waitlist: false } }))
    expect(nobody.status).toBe(409)
    expect(nobody.body.error.message).toMatch(/nobody to write to/)
  })
})

describe('unsubscribing', () => {
  test('the link at the foot takes the address off later messages, counted as skipped; opening it alone changes nothing', async () => {
    const guardian = league.guardians[1]!.email
    // The link of the first message (the test above) is the one every later message carries.
    const token = await tokenOf(guardian)
    const page = await ctx.client().get(`/unsubscribe/${token}`)
    expect(page.status).toBeLessThan(500)
    expect((await addressOfToken(token)).body).toEqual({ address: guardian })
    expect(await ctx.db.kysely.selectFrom('unsubscribes').select('address').where('address', '=', guardian).executeTakeFirst()).toBeUndefined()

    const done = await ctx.client().post<{ address: string }>(`/api/unsubscribe/${token}`, {})
    expect(done.status, done.text).toBe(200)
    expect(done.body.address).toBe(guardian)
    expect((await ctx.client().post(`/api/unsubscribe/${token}`, {})).status).toBe(200)

    const preview = await employee.client.post<MessagePreview>('/api/messages/preview', draft({ whom: 'guardians' }))
    expect(preview.body).toMatchObject({ reaches: 99, skipped: 1 })
    const sent = await employee.client.post<{ message: SentMessage }>('/api/messages', draft({ whom: 'guardians', subject: 'Pictures on Sunday' }))
    expect(sent.body.message).toMatchObject({ recipients: 99, skipped: 1 })
    await allWritten(sent.body.message.id)
    const counts = await emailsPerAddress(sent.body.message.id)
    expect(counts.size).toBe(99)
    expect(counts.has(guardian)).toBe(false)
    const again = (await allWritten(sent.body.message.id)).find((r) => r.address === league.guardians[2]!.email)!
    expect(linkIn(again.text!)).toBe(await tokenOf(league.guardians[2]!.email))
  }, 60_000)

  test('a changed, cut, made-up or old signed token is refused with 404, read or sent, and unsubscribes nobody', async () => {
    const token = await tokenOf(league.adults[5]!.email)
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const bad of [flipped, token.slice(0, 16), `${token}x`, 'nonsense', signedOldStyle(league.adults[6]!.email)]) {
      for (const res of [await addressOfToken(bad), await ctx.client().post<{ error: { message: string } }>(`/api/unsubscribe/${bad}`, {})]) {
        expect(res.status, bad).toBe(404)
        expect(res.body.error.message).toMatch(/not one we sent/)
      }
    }
    const rows = await ctx.db.kysely.selectFrom('unsubscribes').select('address').where('address', 'in', [league.adults[5]!.email, league.adults[6]!.email]).execute()
    expect(rows).toEqual([])
  })
})

describe('limits and access', () => {
  test(`a staff member sends at most ${MESSAGES_PER_DAY} messages a day; the next is refused with 429 and says why`, async () => {
    const writer = await createUser(ctx, 'employee')
    const small = draft({ audience: { kind: 'league', id: league.id, waitlist: true } })
    for (let i = 0; i < MESSAGES_PER_DAY; i++) {
      const res = await writer.client.post('/api/messages', { ...small, subject: `Note ${i}` })
      expect(res.status, res.text).toBe(201)
    }
    const over = await writer.client.post<{ error: { message: string } }>('/api/messages', small)
    expect(over.status).toBe(429)
    expect(over.body.error.message).toContain(`You have sent ${MESSAGES_PER_DAY} messages today`)
    const list = await writer.client.get<{ sentToday: number }>('/api/messages')
    expect(list.body.sentToday).toBe(MESSAGES_PER_DAY)
    // Another staff member's day is their own.
    expect((await employee.client.post('/api/messages', small)).status).toBe(201)
  }, 60_000)

  test('customers are refused with 403 and visitors with 401; employees and admins are let in', async () => {
    const customer = await createUser(ctx, 'customer')
    const admin = await createUser(ctx, 'admin')
    for (const [method, url] of [['GET', '/api/messages'], ['GET', '/api/messages/audiences'], ['POST', '/api/messages/preview'], ['POST', '/api/messages']] as const) {
      const as = (client: TestUser['client'] | ReturnType<TestApp['client']>) => (method === 'GET' ? client.get(url) : client.post(url, draft()))
      expect((await as(ctx.client())).status, `${url} visitor`).toBe(401)
      expect((await as(customer.client)).status, `${url} customer`).toBe(403)
    }
    expect((await employee.client.get('/api/messages/audiences')).status).toBe(200)
    const audiences = await admin.client.get<{ leagues: { id: string }[] }>('/api/messages/audiences')
    expect(audiences.status).toBe(200)
    expect(audiences.body.leagues.map((l) => l.id)).toContain(league.id)
  })
})

describe('whatever a draft holds', () => {
  test('preview and send answer 4xx with a message, or succeed: never a 500', async () => {
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', ' ', "' OR 1=1 --", '\u0000', 'a\nb', 'x'.repeat(10_001)))
    const anything = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}))
    const audience = fc.oneof(
      anything,
      fc.record({ kind: fc.oneof(fc.constantFrom('league', 'team', 'academy', 'camp'), anything), id: fc.oneof(fc.constant(league.id), anything), waitlist: fc.oneof(fc.boolean(), anything) }, { requiredKeys: [] }),
    )
    const body = fc.record({ audience, whom: fc.oneof(fc.constantFrom('participants', 'guardians', 'captains'), anything), subject: text, text }, { requiredKeys: [] })
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (draftBody, sending) => {
        // Only what cannot be sent is sent: a valid draft goes to the preview.
        const res = await employee.client.post<{ error?: { message?: string } }>(sending ? '/api/messages' : '/api/messages/preview', sending ? { ...draftBody, subject: '' } : draftBody)
        expect(res.status, res.text).toBeLessThan(500)
        if (res.status >= 400) expect(res.body.error?.message, res.text).toMatch(/\S/)
      }),
      { numRuns: 60, seed: 32 },
    )
  }, 60_000)
})

describe('a restart half-way', () => {
  test('an instance stopped after its first batch: a new app on the same database writes the rest, and nobody receives it twice', async () => {
    // The jobs of the other tests' messages done first, so the first instance's claim takes this one.
    for (let i = 0; i < 300; i++) {
      const waiting = await ctx.db.kysely.selectFrom('jobs').select('id').where('status', '=', 'pending').executeTakeFirst()
      if (!waiting) break
      await new Promise((r) => setTimeout(r, 200))
    }
    // Sent for a moment ahead, so this server's own runner (on the real clock) leaves its job alone.
    const later = new Date(Date.now() + 24 * 60 * 60_000)
    const by = { id: employee.id, name: employee.displayName, address: '127.0.0.1' }
    const message = await sendMessage(ctx.db, draft({ subject: 'Restarted' }), { by, today: facilityToday(later, ctx.config.site.timeZone), now: later })
    // The league's 200 addresses but the one that unsubscribed above.
    expect(message.recipients).toBe(199)
    const mail = { facilityName: ctx.config.site.facilityName, siteUrl: ctx.config.publicUrl }

    // The first instance claims the job, writes one batch and stops there (as a process killed
    // between batches; one killed inside a batch's transaction leaves nothing of it).
    let wake: () => void = () => {}
    const stopped = new Promise<void>((resolve) => (wake = resolve))
    let afterWaking = -1
    const stopsAfterOneBatch: JobHandlers = {
      ...ctx.jobHandlers,
      'message-emails': async ({ messageId }, run) => {
        if (messageId !== message.id) return ctx.jobHandlers['message-emails']({ messageId }, run)
        await writeMessageEmailBatch(ctx.db, mail, messageId, run.now)
        await stopped
        afterWaking = 0
        for (let n; (n = await writeMessageEmailBatch(ctx.db, mail, messageId, run.now)) > 0; ) afterWaking += n
      },
    }
    const first = runDueJobs(ctx.db, later, stopsAfterOneBatch)
    for (let i = 0; i < 100 && (await recipientsOf(message.id)).filter((r) => r.outboxId !== null).length < MESSAGE_BATCH; i++) await new Promise((r) => setTimeout(r, 100))
    expect((await recipientsOf(message.id)).filter((r) => r.outboxId !== null)).toHaveLength(MESSAGE_BATCH)

    // A new app on the same database, once the first one's claim has lapsed: its runner takes the job over.
    const second = await buildApp({ db: ctx.db, config: ctx.config, now: () => new Date(later.getTime() + 6 * 60_000) })
    await second.app.ready()
    try {
      await allWritten(message.id)
    } finally {
      await second.app.close()
    }
    // The first instance wakes and carries on: there is nothing left for it to write.
    wake()
    await first
    expect(afterWaking).toBe(0)

    const counts = await emailsPerAddress(message.id)
    expect(counts.size).toBe(199)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    const total = await ctx.db.kysely.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('subject', '=', 'Restarted').executeTakeFirstOrThrow()
    expect(Number(total.n)).toBe(199)
  }, 90_000)
})
