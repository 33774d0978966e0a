import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { TeamView } from '../../../shared/contracts/teams.ts'
import { up } from './0015-team-entries-follow-captains.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

test('an entry left with the first captain after a handover moves to the current captain, with its order', async () => {
  const leagueId = await createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 1, rosterMax: 5, teamPayment: 'team-fee', teamFeeCents: 30000 })
  const [first, next] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])
  const team = (await first.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams`, { name: 'Handed On' })).body.team
  const invite = new URL(team.inviteUrl!).searchParams.get('invite')!
  const joined = (await next.client.post<{ team: TeamView }>(`/api/leagues/${leagueId}/teams/${team.id}/players`, { invite })).body.team
  expect((await first.client.post(`/api/leagues/${leagueId}/teams/${team.id}/captain`, { registrationId: joined.players.find((p) => p.userId === next.id)!.registrationId })).status).toBe(200)
  // As a handover left it before this migration: the entry and its order still the first captain's.
  const entryId = team.entry!.registrationId
  const { kysely } = ctx.db
  await kysely.updateTable('registrations').set({ userId: first.id, idempotencyKey: 'first-captains-key' }).where('id', '=', entryId).execute()
  const orderId = (await kysely.selectFrom('orderLines').select('orderId').where('registrationId', '=', entryId).executeTakeFirstOrThrow()).orderId
  await kysely.updateTable('orders').set({ payerUserId: first.id }).where('id', '=', orderId).execute()

  await up(kysely as never)

  expect(await kysely.selectFrom('registrations').select(['userId', 'idempotencyKey']).where('id', '=', entryId).executeTakeFirstOrThrow()).toEqual({ userId: next.id, idempotencyKey: null })
  expect((await kysely.selectFrom('orders').select('payerUserId').where('id', '=', orderId).executeTakeFirstOrThrow()).payerUserId).toBe(next.id)
  // The roster places stay their players'.
  const places = await kysely.selectFrom('registrations').select('userId').where('teamId', '=', team.id).where('id', '<>', entryId).execute()
  expect(places.map((p) => p.userId).sort()).toEqual([first.id, next.id].sort())
})
