import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createTeam } from '../../../../tests/teams.ts'
import { up } from './0017-team-name-keys-folded.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

test('old keys are folded again; a key another team of the league holds is left alone', async () => {
  const leagueId = await createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 1, rosterMax: 5, teamPayment: 'team-fee', teamFeeCents: 1000 })
  const [a, b, c] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx), createRegistrant(ctx)])
  const wide = await createTeam(a, leagueId, 'Ｗｉｄｅ Ｏｎｅｓ')
  const plain = await createTeam(b, leagueId, 'Plain Team')
  const lookalike = await createTeam(c, leagueId, 'Other Team')
  const { kysely } = ctx.db
  // As the keys were made before: lower-cased, spaces removed, nothing folded.
  await kysely.updateTable('teams').set({ nameKey: 'ｗｉｄｅｏｎｅｓ' }).where('id', '=', wide.id).execute()
  await kysely.updateTable('teams').set({ name: 'Ｐｌａｉｎ Ｔｅａｍ', nameKey: 'ｐｌａｉｎｔｅａｍ' }).where('id', '=', lookalike.id).execute()

  await up(kysely as never)

  const keys = Object.fromEntries((await kysely.selectFrom('teams').select(['id', 'nameKey']).where('leagueId', '=', leagueId).execute()).map((t) => [t.id, t.nameKey]))
  expect(keys[wide.id]).toBe('wideones')
  expect(keys[plain.id]).toBe('plainteam')
  expect(keys[lookalike.id]).toBe('ｐｌａｉｎｔｅａｍ')
})
