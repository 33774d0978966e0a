import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLeague, createRegistrant } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { create, createTeam } from '../../../../tests/teams.ts'
import { TEAM_MESSAGES } from '../../../shared/schemas/team.ts'
import { up } from './0034-team-name-skeletons.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

/** The key as 0017 made it: NFKC, zero-width characters out, lower case, no spaces. */
const folded = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '')

test('existing keys are made again from the skeleton; of two teams whose names now clash, the later keeps its key; a new look-alike is refused', async () => {
  const leagueId = await createLeague(ctx, { sport: 'basketball', kind: 'team', teamCapacity: 6, rosterMin: 1, rosterMax: 5, teamPayment: 'team-fee', teamFeeCents: 1000 })
  const names = { hawks: 'The Hawks', cyrillic: '\u0422he Hawks', accents: 'H\u0101wks FC', lions: 'Lions' }
  const teams = Object.fromEntries(
    await Promise.all(Object.entries(names).map(async ([tag], i) => [tag, await createTeam(await createRegistrant(ctx), leagueId, `Placeholder ${i}`)] as const)),
  )
  const { kysely } = ctx.db
  // As teams were kept before this migration: their names, and the keys 0017 made of them.
  for (const [tag, name] of Object.entries(names)) {
    await kysely.updateTable('teams').set({ name, nameKey: folded(name) }).where('id', '=', teams[tag]!.id).execute()
  }

  await up(kysely as never)
  await up(kysely as never)

  const rows = await kysely.selectFrom('teams').select(['id', 'nameKey']).where('leagueId', '=', leagueId).execute()
  const keys = Object.fromEntries(rows.map((t) => [t.id, t.nameKey]))
  expect(keys[teams.hawks!.id]).toBe('thehawks')
  expect(keys[teams.cyrillic!.id]).toBe('\u0442hehawks')
  expect(keys[teams.accents!.id]).toBe('hawksfc')
  expect(keys[teams.lions!.id]).toBe('llons')

  for (const lookalike of ['THE HAWKS', 'Hawks FC', 'L\u0131ons']) {
    const res = await create(await createRegistrant(ctx), leagueId, lookalike)
    expect(res.status, lookalike).toBe(409)
    expect(res.body).toMatchObject({ error: { message: TEAM_MESSAGES.nameTaken } })
  }
})
