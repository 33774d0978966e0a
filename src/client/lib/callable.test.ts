import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  CALLABLE_TIMEOUT_MS,
  DEFAULT_REGION,
  FunctionsError,
  codeForHTTPStatus,
  httpsCallable,
  sessionTokenSource,
  type FunctionsErrorCode,
} from './callable.ts'

// Product §9's table, minus the 2xx and 0 rows, which need responses of their own.
const ERROR_STATUSES: [number, FunctionsErrorCode][] = [
  [400, 'invalid-argument'],
  [401, 'unauthenticated'],
  [403, 'permission-denied'],
  [404, 'not-found'],
  [409, 'aborted'],
  [429, 'resource-exhausted'],
  [499, 'cancelled'],
  [500, 'internal'],
  [501, 'unimplemented'],
  [503, 'unavailable'],
  [504, 'deadline-exceeded'],
  [418, 'unknown'],
  [502, 'unknown'],
]

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void

// Keyed by path; tests register what they need, so the real HTTP stack is exercised end to end.
const routes = new Map<string, Handler>()
let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const handler = routes.get(req.url ?? '')
      if (handler) handler(req, res, Buffer.concat(chunks).toString('utf8'))
      else send(res, 599, 'no route')
    })
  })
  baseUrl = `http://127.0.0.1:${await listen(server)}`
})

afterAll(async () => {
  // Drops any request still held open, so close() does not wait on it.
  server.closeAllConnections()
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
})

function listen(target: Server): Promise<number> {
  return new Promise((resolve) => target.listen(0, '127.0.0.1', () => resolve((target.address() as AddressInfo).port)))
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(body)
}

const noToken = async () => null

let routeCount = 0

/** A callable whose server route always answers `status` with `body`. */
function answering(status: number, body: string) {
  routeCount += 1
  const name = `fixed${routeCount}`
  routes.set(`/api/functions/${name}`, (_req, res) => send(res, status, body))
  return httpsCallable(name, { baseUrl, getToken: noToken })
}

/** The FunctionsError a call rejects with; fails the test if it resolves or throws anything else. */
async function failure(call: Promise<unknown>): Promise<FunctionsError> {
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  if (!('error' in outcome)) throw new Error(`Expected the call to fail, it returned ${JSON.stringify(outcome.value)}`)
  if (!(outcome.error instanceof FunctionsError)) throw outcome.error
  return outcome.error
}

describe('codeForHTTPStatus', () => {
  test.each(ERROR_STATUSES)('%i is %s', (status, code) => {
    expect(codeForHTTPStatus(status)).toBe(code)
  })

  test.each([200, 201, 204, 299])('%i is ok', (status) => {
    expect(codeForHTTPStatus(status)).toBe('ok')
  })

  test.each([0, 199, 300, 302, 505])('%i is its own row or unknown', (status) => {
    expect(codeForHTTPStatus(status)).toBe(status === 0 ? 'internal' : 'unknown')
  })
})

describe('httpsCallable over HTTP', () => {
  test.each(ERROR_STATUSES)('HTTP %i rejects with %s', async (status, code) => {
    const error = await failure(answering(status, '{}')())
    expect(error.code).toBe(code)
    // With nothing explicit in the body, Firebase uses the code as the message.
    expect(error.message).toBe(code)
    expect(error.details).toBeUndefined()
  })

  test.each([200, 201, 299])('HTTP %i returns the data field', async (status) => {
    await expect(answering(status, '{"data":{"users":["ann"]}}')()).resolves.toEqual({ data: { users: ['ann'] } })
  })

  test('a refused connection is status 0, internal', async () => {
    const closed = createServer()
    const port = await listen(closed)
    await new Promise((resolve) => closed.close(resolve))
    const call = httpsCallable('listUsers', { baseUrl: `http://127.0.0.1:${port}`, getToken: noToken })
    const error = await failure(call())
    expect(error.code).toBe('internal')
    expect(error.message).toBe('internal')
  })

  test('the error body status overrides the HTTP status, with its message and details', async () => {
    const body = { error: { status: 'PERMISSION_DENIED', message: 'Only admins can list users.', details: { role: 'member' } } }
    const error = await failure(answering(400, JSON.stringify(body))())
    expect(error.code).toBe('permission-denied')
    expect(error.message).toBe('Only admins can list users.')
    expect(error.details).toEqual({ role: 'member' })
  })

  test('an error body status without a message is its own message', async () => {
    const error = await failure(answering(500, '{"error":{"status":"FAILED_PRECONDITION"}}')())
    expect(error.code).toBe('failed-precondition')
    expect(error.message).toBe('FAILED_PRECONDITION')
  })

  test('an error body message alone keeps the HTTP code', async () => {
    const error = await failure(answering(409, '{"error":{"message":"Already registered."}}')())
    expect(error.code).toBe('aborted')
    expect(error.message).toBe('Already registered.')
  })

  test('an error body status fails the call even on HTTP 200', async () => {
    const error = await failure(answering(200, '{"error":{"status":"NOT_FOUND","message":"No such user."}}')())
    expect(error.code).toBe('not-found')
    expect(error.message).toBe('No such user.')
  })

  test('an unknown error body status is internal, as in Firebase', async () => {
    const error = await failure(answering(403, '{"error":{"status":"constructor","message":"x"}}')())
    expect(error.code).toBe('internal')
    expect(error.message).toBe('internal')
  })

  test.each(['not json', '[1,2]', '"data"', '42', 'null', ''])('a 200 body of %j is not a valid JSON object', async (body) => {
    const error = await failure(answering(200, body)())
    expect(error.code).toBe('internal')
    expect(error.message).toBe('Response is not valid JSON object.')
  })

  test('a non-JSON error body keeps the HTTP code', async () => {
    const error = await failure(answering(503, '<html>Bad gateway</html>')())
    expect(error.code).toBe('unavailable')
    expect(error.message).toBe('unavailable')
  })

  test('a 200 body without data or result is missing the data field', async () => {
    const error = await failure(answering(200, '{}')())
    expect(error.code).toBe('internal')
    expect(error.message).toBe('Response is missing data field.')
  })

  test('result is read when data is absent', async () => {
    await expect(answering(200, '{"result":[1,2,3]}')()).resolves.toEqual({ data: [1, 2, 3] })
  })

  test('data wins over result, and null data is data', async () => {
    await expect(answering(200, '{"data":"new","result":"old"}')()).resolves.toEqual({ data: 'new' })
    await expect(answering(200, '{"data":null,"result":"old"}')()).resolves.toEqual({ data: null })
  })

  describe('the request', () => {
    beforeAll(() => {
      routes.set('/api/functions/echo', (req, res, body) => {
        const seen = {
          method: req.method,
          contentType: req.headers['content-type'],
          authorization: req.headers.authorization ?? null,
          body: JSON.parse(body) as unknown,
        }
        send(res, 200, JSON.stringify({ data: seen }))
      })
    })

    test('is a POST of {data} as JSON with the bearer token', async () => {
      const echo = httpsCallable<{ page: number }, unknown>('echo', { baseUrl, getToken: async () => 'jwt-123' })
      await expect(echo({ page: 2 })).resolves.toEqual({
        data: { method: 'POST', contentType: 'application/json', authorization: 'Bearer jwt-123', body: { data: { page: 2 } } },
      })
    })

    test('sends null data and no Authorization header when there is neither', async () => {
      const { data } = await httpsCallable('echo', { baseUrl, getToken: noToken })()
      expect(data).toMatchObject({ authorization: null, body: { data: null } })
    })

    test('goes ahead without a token when getToken fails, as Firebase does', async () => {
      const echo = httpsCallable('echo', { baseUrl, getToken: () => Promise.reject(new Error('offline')) })
      await expect(echo()).resolves.toMatchObject({ data: { authorization: null } })
    })

    test('ignores the region, which is informational for a same-origin deployment', async () => {
      expect(DEFAULT_REGION).toBe('us-central1')
      const echo = httpsCallable('echo', { baseUrl, region: 'europe-west1', getToken: noToken })
      await expect(echo('x')).resolves.toMatchObject({ data: { body: { data: 'x' } } })
    })

    test('sends same-origin credentials', async () => {
      const inits: (RequestInit | undefined)[] = []
      const urls: string[] = []
      const fakeFetch: typeof fetch = async (input, init) => {
        urls.push(String(input))
        inits.push(init)
        return new Response('{"data":1}')
      }
      await httpsCallable('listUsers', { fetch: fakeFetch, getToken: noToken })()
      expect(urls).toEqual(['/api/functions/listUsers'])
      expect(inits[0]?.credentials).toBe('same-origin')
    })
  })

  describe('timeouts', () => {
    test('a server that does not answer in time is deadline-exceeded, and the request is dropped', async () => {
      let dropped: () => void = () => {}
      const serverSawClose = new Promise<void>((resolve) => (dropped = resolve))
      // Never answers: only the client's abort ends this request.
      routes.set('/api/functions/hang', (_req, res) => res.on('close', () => dropped()))
      const error = await failure(httpsCallable('hang', { baseUrl, timeout: 50, getToken: noToken })())
      expect(error.code).toBe('deadline-exceeded')
      expect(error.message).toBe('deadline-exceeded')
      await serverSawClose
    })

    test('the default is CALLABLE_TIMEOUT_MS, 70 seconds', async () => {
      expect(CALLABLE_TIMEOUT_MS).toBe(70_000)
      vi.useFakeTimers()
      try {
        const signals: AbortSignal[] = []
        const fakeFetch: typeof fetch = (_input, init) => {
          const signal = init?.signal
          if (!signal) throw new Error('the call sent no abort signal')
          signals.push(signal)
          return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
        }
        const outcome = failure(httpsCallable('listUsers', { fetch: fakeFetch, getToken: noToken })())
        await vi.advanceTimersByTimeAsync(CALLABLE_TIMEOUT_MS - 1)
        expect(signals).toHaveLength(1)
        expect(signals[0]?.aborted).toBe(false)
        await vi.advanceTimersByTimeAsync(1)
        expect(signals[0]?.aborted).toBe(true)
        expect((await outcome).code).toBe('deadline-exceeded')
      } finally {
        vi.useRealTimers()
      }
    })

    test('the timer is cleared once the call settles', async () => {
      vi.useFakeTimers()
      try {
        const fakeFetch: typeof fetch = async () => new Response('{"data":"done"}')
        await expect(httpsCallable('listUsers', { fetch: fakeFetch, getToken: noToken })()).resolves.toEqual({ data: 'done' })
        expect(vi.getTimerCount()).toBe(0)
      } finally {
        vi.useRealTimers()
      }
    })
  })
})

describe('sessionTokenSource', () => {
  const issuedAt = Date.parse('2027-01-15T12:00:00Z')
  const expiresAt = new Date(issuedAt + 10 * 60_000).toISOString()

  /** Serves the token route with `answer(n)` for the n-th request; returns the request count. */
  function serveTokens(answer: (n: number) => [number, string]): { hits: () => number } {
    let hits = 0
    routes.set('/api/session/token', (req, res) => {
      hits += 1
      if (req.method !== 'GET') return send(res, 405, '{}')
      const [status, body] = answer(hits)
      send(res, status, body)
    })
    return { hits: () => hits }
  }

  const tokens = (n: number): [number, string] => [200, JSON.stringify({ token: `tok-${n}`, expiresAt })]

  test('caches the token', async () => {
    const server = serveTokens(tokens)
    const source = sessionTokenSource({ baseUrl, now: () => issuedAt })
    expect(await source.getToken()).toBe('tok-1')
    expect(await source.getToken()).toBe('tok-1')
    expect(server.hits()).toBe(1)
  })

  test('refreshes 60 seconds before expiry', async () => {
    const server = serveTokens(tokens)
    let clock = issuedAt
    const source = sessionTokenSource({ baseUrl, now: () => clock })
    expect(await source.getToken()).toBe('tok-1')
    clock = Date.parse(expiresAt) - 60_001
    expect(await source.getToken()).toBe('tok-1')
    clock = Date.parse(expiresAt) - 60_000
    expect(await source.getToken()).toBe('tok-2')
    expect(server.hits()).toBe(2)
  })

  test('is null when signed out, and does not cache that', async () => {
    const server = serveTokens(() => [401, '{"error":{"message":"Please sign in to continue."}}'])
    const source = sessionTokenSource({ baseUrl, now: () => issuedAt })
    expect(await source.getToken()).toBeNull()
    expect(await source.getToken()).toBeNull()
    expect(server.hits()).toBe(2)
  })

  test('shares one request between concurrent callers', async () => {
    const server = serveTokens(tokens)
    const source = sessionTokenSource({ baseUrl, now: () => issuedAt })
    // Both calls start before any response can arrive.
    const [first, second] = await Promise.all([source.getToken(), source.getToken()])
    expect([first, second]).toEqual(['tok-1', 'tok-1'])
    expect(server.hits()).toBe(1)
  })

  test('clear() forgets the cached token', async () => {
    const server = serveTokens(tokens)
    const source = sessionTokenSource({ baseUrl, now: () => issuedAt })
    expect(await source.getToken()).toBe('tok-1')
    source.clear()
    expect(await source.getToken()).toBe('tok-2')
    expect(server.hits()).toBe(2)
  })

  test('a request begun before clear() does not cache its token', async () => {
    const server = serveTokens(tokens)
    const source = sessionTokenSource({ baseUrl, now: () => issuedAt })
    const before = source.getToken()
    source.clear()
    expect(await before).toBe('tok-1')
    expect(await source.getToken()).toBe('tok-2')
    expect(server.hits()).toBe(2)
  })

  test('a failed request rejects and the next call tries again', async () => {
    const server = serveTokens((n) => (n === 1 ? [500, '{}'] : tokens(n)))
    const source = sessionTokenSource({ baseUrl, now: () => issuedAt })
    await expect(source.getToken()).rejects.toThrow('HTTP 500')
    expect(await source.getToken()).toBe('tok-2')
    expect(server.hits()).toBe(2)
  })

  test('a malformed response rejects', async () => {
    serveTokens(() => [200, JSON.stringify({ token: 'tok', expiresAt: 'soon' })])
    await expect(sessionTokenSource({ baseUrl }).getToken()).rejects.toThrow('malformed')
  })

  test('asks same-origin with the session cookie', async () => {
    const requests: [string, RequestInit | undefined][] = []
    const fakeFetch: typeof fetch = async (input, init) => {
      requests.push([String(input), init])
      return new Response(JSON.stringify({ token: 'tok', expiresAt }))
    }
    await sessionTokenSource({ fetch: fakeFetch, now: () => issuedAt }).getToken()
    expect(requests).toHaveLength(1)
    expect(requests[0]?.[0]).toBe('/api/session/token')
    expect(requests[0]?.[1]?.credentials).toBe('same-origin')
  })

  test('feeds httpsCallable its bearer token', async () => {
    serveTokens(tokens)
    routes.set('/api/functions/whoami', (req, res) => send(res, 200, JSON.stringify({ data: req.headers.authorization })))
    const source = sessionTokenSource({ baseUrl, now: () => issuedAt })
    const whoami = httpsCallable('whoami', { baseUrl, getToken: () => source.getToken() })
    await expect(whoami()).resolves.toEqual({ data: 'Bearer tok-1' })
  })
})
