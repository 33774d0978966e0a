import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { createAcademy } from '../../tests/academy-places.ts'
import { createUser, type TestUser } from '../../tests/factories.ts'
import { createTeamLeague, createTeams, generate, nightsInput, setNights } from '../../tests/schedule.ts'
import { startTestApp, type TestResponse } from '../../tests/test-app.ts'

/**
 * Input fuzzing of the security issue: every API route the server lists gets arbitrary bodies,
 * query strings and path params, sent by an admin so the guards pass and the input reaches
 * validation. Whatever arrives, the answer is never a 500 and never shows the server's insides.
 * FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> changes the number of requests per route.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const BODY_LIMIT = 64 * 1024
console.info(`fuzz.test.ts: seed ${SEED}, ${RUNS} runs per route (FUZZ_SEED / FUZZ_RUNS to change)`)

const ctx = await startTestApp()
afterAll(() => ctx.close())
const [admin] = await Promise.all([createUser(ctx, 'admin'), createUser(ctx, 'customer')])
const adminUser: TestUser = admin
/** An academy that exists, so that its routes' bodies reach the checks past "There is no such academy". */
const academyId = await createAcademy(ctx)
/** A discount code that exists, so that its form's bodies reach the checks past "There is no such discount code". */
const discountCodeId = await (async () => {
  const res = await adminUser.client.post<{ discountCode: { id: string } }>('/api/admin/discount-codes', { code: 'FUZZ10', percentOff: '10' })
  if (res.status !== 201) throw new Error(`Making the fuzz test's discount code: ${res.status} ${res.text}`)
  return res.body.discountCode.id
})()

/** A playing area that exists, so that its routes' bodies reach the checks past "There is no such playing area". */
const areaId = await (async () => {
  const res = await adminUser.client.post<{ area: { id: string } }>('/api/admin/playing-areas', { name: 'Fuzz Court', sports: ['basketball'] })
  if (res.status !== 201) throw new Error(`Making the fuzz test's playing area: ${res.status} ${res.text}`)
  return res.body.area.id
})()

/** A team league with game nights on that area, two Complete teams and a draft, so that its schedule's routes reach their checks past "There is no such league" or game. */
const [teamLeagueId, gameId, teamId] = await (async () => {
  const leagueId = await createTeamLeague(ctx)
  const [owls] = await createTeams(ctx, leagueId, ['Fuzz Owls', 'Fuzz Hawks'])
  await setNights(adminUser, leagueId, nightsInput([areaId]))
  return [leagueId, (await generate(adminUser, leagueId)).games[0]!.id, owls!.team.id] as const
})()

// A stack frame's "at" is looked for within a line's next 300 characters: `at .*` tried every
// "at" of a long one-line answer against the rest of it (the OpenAPI document: 1.4 s a request).
const INTERNALS = /at [^\n]{0,300}?\.(ts|js):\d+|SQLITE|sqlite|postgres|relation "|syntax error|Kysely|TypeError|ReferenceError|node_modules\//

function checkAnswer(res: TestResponse, what: string): void {
  const detail = `${what} -> ${res.status} ${res.text.slice(0, 500)}`
  expect(res.status, detail).toBeLessThan(500)
  expect(res.text, detail).not.toMatch(INTERNALS)
  if (res.status >= 400) {
    const message = (res.body as { error?: { message?: unknown } } | null)?.error?.message
    expect(typeof message, detail).toBe('string')
    expect((message as string).trim().length, detail).toBeGreaterThan(0)
  }
}

// ---- arbitraries -------------------------------------------------------------------------------

const KEYS = [
  'name', 'email', 'password', 'currentPassword', 'newPassword', 'phone', 'displayName', 'firstName', 'lastName',
  'dateOfBirth', 'notes', 'signedName', 'agree', 'childId', 'leagueId', 'userId', 'registrationId', 'role', 'data',
  'amountCents', 'priceCents', 'capacity', 'sport', 'kind', 'registrationDate', 'startDate', 'endDate', 'isActive',
  'description', 'text', 'method', 'reason', 'status', 'page', 'pageSize', 'search', 'emergencyContactName',
  'emergencyContactPhone', 'rememberMe', 'callbackURL', 'sessionDate', 'present', 'day', 'from', 'to', 'program', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  'sports', 'weekdays', 'firstGameTime', 'lastGameTime', 'gameMinutes', 'areaIds', 'skippedDates', 'gameCount', 'standings', 'gameIds', 'areaId', 'date', 'startTime', 'dates',
  'outcome', 'version', 'homeScore', 'awayScore', 'forfeitedBy',
]

const nastyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '2026-02-30', '9999-99-99', '0000-00-00', 'not-a-date',
    "' OR 1=1 --", '"; DROP TABLE users; --', '../../etc/passwd', '%00', '\u0000', '\uFEFF', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '<script>alert(1)</script>', 'a@b', 'x@example.com', '00000000-0000-0000-0000-000000000000',
  ),
  fc.integer({ min: 1_000, max: 30_000 }).map((n) => 'x'.repeat(n)), // huge, yet under the body limit
)

const scalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null),
)

const jsonBody: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), tie('value'), { maxKeys: 6 }),
  ),
})).value

const deepNesting = fc.integer({ min: 100, max: 5_000 }).chain((depth) =>
  fc.constantFrom('[', '{"data":', '{"a":').map((open) => {
    const close = open === '[' ? ']' : '}'
    return open.repeat(depth) + '1' + close.repeat(depth)
  }),
)

const protoPollution = fc.constantFrom(
  '{"__proto__":{"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"data":{"__proto__":{"role":"admin"}}}',
  '{"data":{"constructor":{"prototype":{"role":"admin"}}},"__proto__":null}',
)

const notJson = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom('', '{', '{"a":', '[1,2', "{'a':1}", 'undefined', 'NaN', '{"a":1}{"b":2}', '\u0000', '<xml/>', 'a=1&b=2'),
)

/** The raw text sent as an application/json body. */
const body: fc.Arbitrary<string> = fc.oneof(
  jsonBody.map((v) => JSON.stringify(v) ?? 'null'),
  jsonBody.map((v) => JSON.stringify({ data: v })),
  fc.dictionary(fc.constantFrom(...KEYS), scalar, { minKeys: 1, maxKeys: 8 }).map((o) => JSON.stringify(o)),
  deepNesting,
  protoPollution,
  notJson,
)

const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), nastyString), { maxLength: 5 })
    .map((pairs) => `?${new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 2_000)])).toString()}`),
  fc.constantFrom('?page=-1', '?page=1e9&pageSize=0', '?page[]=1&page=2', '?search=%00', '?a=%zz', '?&&=&', '?search=%E0%A4%A'),
)

/** One path segment as it appears in the URL. */
const pathParam: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).map(encodeURIComponent),
  nastyString.filter((s) => s.length > 0).map((s) => encodeURIComponent(s.slice(0, 1_000))),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%00', 'a%00b', '%zz', '%E0%A4%A', '%C0%AF', '-1', '0', '1e3', 'null'),
)

// ---- requests ----------------------------------------------------------------------------------

interface Sample {
  params: Record<string, string>
  query: string
  body?: string
}

async function send(method: string, urlPattern: string, sample: Sample) {
  // Signing out would end the admin's session: that route gets a fresh admin per request.
  const caller = urlPattern === '/api/auth/sign-out' ? await createUser(ctx, 'admin') : adminUser
  const url = urlPattern.replace(/:(\w+)/g, (_m, name: string) => sample.params[name]!) + sample.query
  const res = await caller.client.request(method, url, method === 'GET' ? undefined : sample.body)
  checkAnswer(res, `${method} ${url} body=${(sample.body ?? '').slice(0, 300)}`)
  return res
}

function sampleFor(method: string, url: string, fixed: Record<string, fc.Arbitrary<string>> = {}, fixedQuery?: fc.Arbitrary<string>): fc.Arbitrary<Sample> {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  const params = fc.record(Object.fromEntries(names.map((n) => [n, fixed[n] ?? pathParam])) as Record<string, fc.Arbitrary<string>>)
  const query = fixedQuery ? fc.oneof(fixedQuery, queryString) : queryString
  return fc.record({ params, query, ...(method === 'GET' ? {} : { body }) }) as fc.Arbitrary<Sample>
}

/** A range of real days, some past the calendar's 31 or backwards, so the fuzzer reaches past the checks. */
const calendarRange: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: -3, max: 40 }))
  .map(([start, length]) => {
    const from = new Date(Date.UTC(2026, 0, 1) + start * 86_400_000).toISOString().slice(0, 10)
    const to = new Date(Date.UTC(2026, 0, 1) + (start + length) * 86_400_000).toISOString().slice(0, 10)
    return `?from=${from}&to=${to}`
  })

const FUNCTIONS_URL = '/api/functions/:name'
const apiRoutes = ctx.routes.filter((r) => r.url.startsWith('/api/'))

interface Case {
  name: string
  method: string
  url: string
  sample: fc.Arbitrary<Sample>
}

const cases: Case[] = apiRoutes.flatMap((route): Case[] => {
  const key = `${route.method} ${route.url}`
  if (route.url === FUNCTIONS_URL) {
    return [
      ...Object.keys(ctx.functions).map((name) => ({
        name: `${key} (${name})`,
        method: route.method,
        url: route.url,
        sample: sampleFor(route.method, route.url, { name: fc.constant(name) }),
      })),
      { name: `${key} (random names)`, method: route.method, url: route.url, sample: sampleFor(route.method, route.url) },
    ]
  }
  const fixed: Record<string, fc.Arbitrary<string>> = {
    ...(route.url.includes(':academyId') ? { academyId: fc.oneof(fc.constant(academyId), pathParam) } : {}),
    ...(route.url.includes(':discountCodeId') ? { discountCodeId: fc.oneof(fc.constant(discountCodeId), pathParam) } : {}),
    ...(route.url.includes(':areaId') ? { areaId: fc.oneof(fc.constant(areaId), pathParam) } : {}),
    ...(/\/(schedule|game-nights|standings|score)/.test(route.url) ? { leagueId: fc.oneof(fc.constant(teamLeagueId), pathParam) } : {}),
    ...(route.url.includes(':gameId') ? { gameId: fc.oneof(fc.constant(gameId), pathParam) } : {}),
    ...(route.url.endsWith('/blackouts') ? { leagueId: fc.oneof(fc.constant(teamLeagueId), pathParam), teamId: fc.oneof(fc.constant(teamId), pathParam) } : {}),
    ...(route.url.endsWith('/games') ? { leagueId: fc.oneof(fc.constant(teamLeagueId), pathParam) } : {}),
  }
  const fixedQuery = route.url === '/api/admin/playing-areas/calendar' ? calendarRange : undefined
  return [{ name: key, method: route.method, url: route.url, sample: sampleFor(route.method, route.url, fixed, fixedQuery) }]
})

describe('fuzzing every API route as an admin', () => {
  test.each(cases.map((c, i) => [c.name, c, i] as const))('%s: never a 500, never internals', async (_name, c, i) => {
    await fc.assert(
      fc.asyncProperty(c.sample, async (sample) => {
        await send(c.method, c.url, sample)
      }),
      { numRuns: RUNS, seed: SEED + i, endOnFailure: false },
    )
  }, 60_000)

  test('every API route and every callable function is fuzzed', () => {
    expect(new Set(cases.map((c) => `${c.method} ${c.url}`)).size).toBe(apiRoutes.length)
    expect(cases.length).toBe(apiRoutes.length + Object.keys(ctx.functions).length)
  })

  test('a body over the 64 KB limit gets 413 with a message', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT + 1) })
    for (const url of ['/api/children', '/api/admin/leagues', '/api/functions/listUsers', '/api/auth/sign-in/email']) {
      const res = await adminUser.client.post(url, huge)
      expect(res.status, `${url}: ${res.text}`).toBe(413)
      checkAnswer(res, url)
    }
  })
})

describe('regressions the fuzzer found', () => {
  // auth.routes.ts re-serialized the whole parsed body for the auth library; JSON.stringify
  // overflowed the stack on a body nested a few thousand levels deep and the answer was a 500.
  test.each([
    ['an array nested 30000 deep', '['.repeat(30_000) + ']'.repeat(30_000)],
    ['an object nested 10000 deep', '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)],
  ])('sign-out with %s is not a 500', async (_what, deep) => {
    for (const client of [(await createUser(ctx, 'admin')).client, ctx.client()]) {
      checkAnswer(await client.post('/api/auth/sign-out', deep), 'POST /api/auth/sign-out')
    }
  })

  test('sign-in with a deeply nested field is a 4xx, not a 500', async () => {
    const res = await ctx.client().post('/api/auth/sign-in/email', `{"email":"a@example.com","password":${'['.repeat(30_000)}${']'.repeat(30_000)}}`)
    checkAnswer(res, 'POST /api/auth/sign-in/email')
  })
})
