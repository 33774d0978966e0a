import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { firstOf, keptAnswers, serverAnsweringFirst, type FrontAnswer } from './front-answers.ts'

/*
 * The answers kept ahead of the framework (docs/decisions/0007), on a small app whose leagues
 * (the version of the kept answers) and handler runs the test controls.
 */

let app: FastifyInstance
let baseUrl: string
let leagues: string
let handled: number
let status: number

beforeEach(async () => {
  leagues = '{"leagues":[]}'
  handled = 0
  status = 200
  let answerFirst: FrontAnswer = () => false
  app = Fastify({ serverFactory: serverAnsweringFirst(() => answerFirst) })
  app.get('/api/leagues/active', async (_req, reply) => {
    handled += 1
    return reply.code(status).header('x-made-by', 'the framework').type('application/json; charset=utf-8').send(leagues)
  })
  app.get('/api/session', async (req) => {
    handled += 1
    return { user: req.headers.authorization ? 'someone' : null }
  })
  answerFirst = firstOf(
    keptAnswers(app, { paths: ['/api/leagues/active'], version: () => leagues }),
    keptAnswers(app, { paths: ['/api/session'], version: () => 'signed out', serves: (req) => req.headers.authorization === undefined }),
  )
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(() => app.close())

const get = (path = '/api/leagues/active', init: RequestInit = {}) => fetch(baseUrl + path, init)

/** Asks until an answer comes without the framework handling it; the answers, first and kept. */
async function untilKept(path?: string): Promise<{ first: Response; kept: Response }> {
  const first = await get(path)
  for (let i = 0; i < 50; i++) {
    const before = handled
    const res = await get(path)
    if (handled === before) return { first, kept: res }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('no answer was ever kept')
}

const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'))

test('an answer is kept as the framework made it (status, headers, bytes) and replayed', async () => {
  leagues = '{"leagues":[{"name":"Spring Soccer"}]}'
  const { first, kept } = await untilKept()
  expect(kept.status).toBe(first.status)
  expect(headersOf(kept)).toEqual(headersOf(first))
  expect(kept.headers.get('x-made-by')).toBe('the framework')
  expect(await kept.text()).toBe(await first.text())
  const handledSoFar = handled
  for (let i = 0; i < 5; i++) expect(await (await get()).text()).toBe(leagues)
  expect(handled).toBe(handledSoFar)
})

test('when the leagues change, the next request gets the framework answer, then the new one is kept', async () => {
  await untilKept()
  leagues = '{"leagues":[{"name":"Flag Football"}]}'
  const before = handled
  expect(await (await get()).text()).toBe(leagues)
  expect(handled).toBeGreaterThan(before)
  const { kept } = await untilKept()
  expect(await kept.text()).toBe(leagues)
})

test('an answer other than 200 is never kept', async () => {
  status = 503
  await get()
  await new Promise((resolve) => setTimeout(resolve, 50))
  const before = handled
  expect((await get()).status).toBe(503)
  expect(handled).toBe(before + 1)
})

test('other methods, paths and query strings go to the framework', async () => {
  await untilKept()
  const before = handled
  expect((await get('/api/leagues/active', { method: 'HEAD' })).status).toBe(200)
  expect((await get('/api/leagues/active?x=1')).status).toBe(200)
  expect((await get('/elsewhere')).status).toBe(404)
  expect(handled).toBe(before + 2)
})

test('a request the kept answer does not serve goes to the framework, before and after it is kept', async () => {
  const signedIn = { headers: { authorization: 'Bearer t' } }
  expect(await (await get('/api/session', signedIn)).json()).toEqual({ user: 'someone' })
  const { kept } = await untilKept('/api/session')
  expect(await kept.json()).toEqual({ user: null })
  const before = handled
  expect(await (await get('/api/session', signedIn)).json()).toEqual({ user: 'someone' })
  expect(handled).toBe(before + 1)
})

test("the server keeps Fastify's own timeouts", () => {
  expect(app.server.keepAliveTimeout).toBe(72_000)
})
