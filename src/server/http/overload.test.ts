import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant } from '../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../tests/test-app.ts'
import { inTransaction } from '../db/transaction.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp({ env: { MAX_DB_BACKLOG: '2' } })
})
afterAll(() => ctx.close())

/** Holds the database busy (transactions that wait on a gate) until `release` is called. */
async function saturate(): Promise<{ release(): Promise<void> }> {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const holders: Promise<void>[] = []
  // Enough to fill the test pool on PostgreSQL (5) and leave waiters; on SQLite the first one
  // holds the connection and the rest queue.
  for (let i = 0; i < 9; i++) {
    holders.push(inTransaction(ctx.db, () => gate))
    await new Promise((resolve) => setImmediate(resolve))
  }
  return {
    async release() {
      open()
      await Promise.all(holders)
    },
  }
}

test('more work than the database can take gets 503 with Retry-After, and the site recovers by itself', async () => {
  const league = await createLeague(ctx)
  const person = await createRegistrant(ctx)

  const busy = await saturate()
  expect(ctx.db.backlog()).toBeGreaterThan(2)
  const refused = await person.client.post<{ error: { message: string } }>(`/api/leagues/${league}/registrations`, {})
  expect(refused.status).toBe(503)
  expect(refused.headers.get('retry-after')).toBe('2')
  expect(refused.body.error.message).toBe('The site is very busy right now. Please try again in a moment.')
  // The health check says so too, so a load balancer can send people to another instance.
  expect((await ctx.client().get('/readyz')).status).toBe(503)

  await busy.release()
  expect(ctx.db.backlog()).toBe(0)
  expect((await person.client.post(`/api/leagues/${league}/registrations`, {})).status).toBe(201)
})
