import path from 'node:path'
import { sql } from 'kysely'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, daysFromToday, leagueForm, leagueInput, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, testDatabaseUrl, type TestApp, type TestClient } from '../../../../tests/test-app.ts'
import type { LeagueFormValues } from '../../../shared/schemas/league.ts'
import type { AdminLeague, SaveLeagueResult } from '../../../shared/contracts/leagues.ts'
import type { ActiveLeague } from '../../../shared/sports.ts'
import { connect, type Db } from '../../db/connect.ts'
import { boolParam } from '../../db/values.ts'
import { inTransaction } from '../../db/transaction.ts'
import { decidePlaces, holdCounters } from '../../core/registrations/capacity.ts'
import { leaguePlaces } from '../registrations/league-places.ts'
import { watchActiveLeagues } from './active-leagues.ts'
import { insertLeague } from './leagues.queries.ts'

/*
 * docs/decisions/0007: the active leagues are kept in memory, so every way a league can change
 * must reach the next answer: this server's admin API, another connection (another instance,
 * a script), and on PostgreSQL a listening connection that was lost.
 */

let ctx: TestApp
let admin: TestUser
let visitor: TestClient
let other: Db
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
  visitor = ctx.client()
  other = await secondConnection(ctx.db)
})
afterAll(async () => {
  await other.close()
  await ctx.close()
})

/** Another connection to the same data, as another instance or a script has. */
function secondConnection(db: Db): Promise<Db> {
  if (db.file) return connect({ dataDir: path.dirname(db.file) })
  return connect({ dataDir: '', databaseUrl: testDatabaseUrl(), ...(db.schema ? { pgSchema: db.schema } : {}) })
}

/** The league as the home page gets it, or undefined when it is not shown. */
async function shown(leagueId: string): Promise<ActiveLeague | undefined> {
  const res = await visitor.get<{ leagues: ActiveLeague[] }>('/api/leagues/active')
  expect(res.status).toBe(200)
  return res.body.leagues.find((l) => l.id === leagueId)
}

/**
 * Another connection's change: SQLite sees the commit on the very next request; on PostgreSQL
 * it arrives as a notification a few milliseconds after the commit.
 */
async function expectShownName(leagueId: string, name: string | undefined): Promise<void> {
  const shownName = async () => (await shown(leagueId))?.name
  if (ctx.db.dialect === 'sqlite') expect(await shownName()).toBe(name)
  else await expect.poll(shownName, { timeout: 2000, interval: 20 }).toBe(name)
}

test('a league created, renamed, closed and opened through the admin API is shown as it is on the next request', async () => {
  await shown('warm-up')
  const created = await admin.client.post<SaveLeagueResult>('/api/admin/leagues', leagueForm({ name: 'Spring Soccer' }))
  expect(created.status, created.text).toBe(201)
  const id = created.body.league.id
  expect((await shown(id))?.name).toBe('Spring Soccer')

  const save = (body: Partial<LeagueFormValues>) => admin.client.post<{ league: AdminLeague }>(`/api/admin/leagues/${id}`, body)
  expect((await save({ name: 'Spring Soccer Coed', description: 'Bring shin guards.' })).status).toBe(200)
  expect(await shown(id)).toMatchObject({ name: 'Spring Soccer Coed', description: 'Bring shin guards.' })
  expect((await save({ isActive: 'false' })).status).toBe(200)
  expect(await shown(id)).toBeUndefined()
  expect((await save({ isActive: 'true' })).status).toBe(200)
  expect((await shown(id))?.name).toBe('Spring Soccer Coed')
})

test('a league added, renamed, closed and removed by another connection is shown as it is', async () => {
  await shown('warm-up')
  const id = await insertLeague(other, leagueInput({ name: 'Flag Football', sport: 'football' }))
  await expectShownName(id, 'Flag Football')

  const leagues = other.kysely.updateTable('leagues').where('id', '=', id)
  await leagues.set({ name: 'Flag Football Coed' }).execute()
  await expectShownName(id, 'Flag Football Coed')
  await leagues.set({ isActive: boolParam(other.dialect, false) }).execute()
  await expectShownName(id, undefined)
  await leagues.set({ isActive: boolParam(other.dialect, true) }).execute()
  await expectShownName(id, 'Flag Football Coed')
  await other.kysely.deleteFrom('leagues').where('id', '=', id).execute()
  await expectShownName(id, undefined)
})

describe('what counts as a change of the home page leagues', () => {
  /** How many changes the database has announced so far, by the dialect's own means. */
  async function announcements(db: Db): Promise<{ count(): Promise<number>; close(): Promise<void> }> {
    if (db.dialect === 'sqlite') {
      return {
        count: async () => (await sql<{ version: number }>`select version from ${sql.table('leaguesVersion')}`.execute(db.kysely)).rows[0]!.version,
        close: async () => undefined,
      }
    }
    const client = db.newClient!()
    let heard = 0
    // Other test files change leagues in schemas of their own at the same time.
    client.on('notification', (message) => {
      if (message.payload === db.schema) heard += 1
    })
    await client.connect()
    await client.query('LISTEN leagues_changed')
    return {
      // A round trip on the listening connection delivers every notification committed before it.
      count: async () => (await client.query('select 1'), heard),
      close: () => client.end(),
    }
  }

  test('places taken by registrations are not a change; a new name, a new date or closing is', async () => {
    const changes = await announcements(ctx.db)
    try {
      const id = await insertLeague(ctx.db, leagueInput({ capacity: 10 }))
      const start = await changes.count()
      const places = await leaguePlaces(ctx.db, id)
      await inTransaction(ctx.db, async (tx) => decidePlaces(tx, await holdCounters(tx, places.id), ['wait', 'wait']).counters.execute())
      expect(await changes.count()).toBe(start)

      const league = ctx.db.kysely.updateTable('leagues').where('id', '=', id)
      await league.set({ name: 'Renamed' }).execute()
      expect(await changes.count()).toBe(start + 1)
      await league.set({ startDate: daysFromToday(30) }).execute()
      expect(await changes.count()).toBe(start + 2)
      await league.set({ isActive: boolParam(ctx.db.dialect, false) }).execute()
      expect(await changes.count()).toBe(start + 3)
    } finally {
      await changes.close()
    }
  })
})

// Only PostgreSQL hears changes over a connection that can be lost; SQLite reads its own file.
if (testDatabaseUrl()) {
  test('after the listening connection is lost, nothing stale is served and listening resumes', async () => {
    const clients: pg.Client[] = []
    const db: Db = {
      ...ctx.db,
      newClient: () => {
        const client = ctx.db.newClient!()
        clients.push(client)
        return client
      },
    }
    const watched = await watchActiveLeagues(db, { warn: () => undefined })
    try {
      const names = async () => (JSON.parse(await watched.json()) as { leagues: ActiveLeague[] }).leagues.map((l) => l.name)
      const id = await insertLeague(other, leagueInput({ name: 'Before' }))
      await expect.poll(names).toContain('Before')

      const backendPid = async (client: pg.Client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
      await sql`select pg_terminate_backend(${await backendPid(clients[0]!)})`.execute(other.kysely)
      await other.kysely.updateTable('leagues').set({ name: 'While away' }).where('id', '=', id).execute()
      await expect.poll(names).toContain('While away')

      // Listening again on a new connection: the answer is kept (a change the trigger does not
      // announce goes unseen) and an announced change is heard.
      const listeningAgain = async () =>
        clients[1] !== undefined &&
        (await clients[1].query<{ channel: string }>('select pg_listening_channels() as channel')).rows.some((r) => r.channel === 'leagues_changed')
      await expect.poll(listeningAgain, { timeout: 5000 }).toBe(true)
      expect(await names()).toContain('While away')
      await sql`alter table leagues disable trigger leagues_changed`.execute(other.kysely)
      await other.kysely.updateTable('leagues').set({ name: 'Unannounced' }).where('id', '=', id).execute()
      await sql`alter table leagues enable trigger leagues_changed`.execute(other.kysely)
      expect(await names()).toContain('While away')
      await other.kysely.updateTable('leagues').set({ name: 'After' }).where('id', '=', id).execute()
      await expect.poll(names).toContain('After')
    } finally {
      await watched.close()
    }
  })
}
