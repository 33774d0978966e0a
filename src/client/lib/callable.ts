/**
 * Browser client of the callable-function protocol (product §7–§9), modelled on the Firebase JS
 * SDK's `httpsCallable`: POST `{ data }` with a bearer token, read `{ data }` back, and turn
 * every failure into a FunctionsError whose code says what went wrong.
 */

/** Product §7: a call is abandoned after 70 seconds, as in Firebase. */
export const CALLABLE_TIMEOUT_MS = 70_000

/** Product §7. Informational only: see CallableOptions.region. */
export const DEFAULT_REGION = 'us-central1'

export type FunctionsErrorCode =
  | 'ok'
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'failed-precondition'
  | 'aborted'
  | 'out-of-range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data-loss'
  | 'unauthenticated'

export class FunctionsError extends Error {
  readonly code: FunctionsErrorCode
  readonly details?: unknown

  constructor(code: FunctionsErrorCode, message: string, details?: unknown) {
    super(message)
    this.name = 'FunctionsError'
    this.code = code
    this.details = details
  }
}

/** Product §9's status table, which is Firebase's `codeForHTTPStatus`. */
export function codeForHTTPStatus(status: number): FunctionsErrorCode {
  if (status >= 200 && status < 300) return 'ok'
  switch (status) {
    // fetch threw: a network failure, or a backend crash that never sent a usable response.
    case 0:
      return 'internal'
    case 400:
      return 'invalid-argument'
    case 401:
      return 'unauthenticated'
    case 403:
      return 'permission-denied'
    case 404:
      return 'not-found'
    case 409:
      return 'aborted'
    case 429:
      return 'resource-exhausted'
    case 499:
      return 'cancelled'
    case 500:
      return 'internal'
    case 501:
      return 'unimplemented'
    case 503:
      return 'unavailable'
    case 504:
      return 'deadline-exceeded'
    default:
      return 'unknown'
  }
}

// The server names codes the gRPC way (`PERMISSION_DENIED`). A Map rather than an object
// literal so a name like `constructor` cannot match an inherited property.
const CODE_FOR_ERROR_STATUS = new Map<string, FunctionsErrorCode>([
  ['OK', 'ok'],
  ['CANCELLED', 'cancelled'],
  ['UNKNOWN', 'unknown'],
  ['INVALID_ARGUMENT', 'invalid-argument'],
  ['DEADLINE_EXCEEDED', 'deadline-exceeded'],
  ['NOT_FOUND', 'not-found'],
  ['ALREADY_EXISTS', 'already-exists'],
  ['PERMISSION_DENIED', 'permission-denied'],
  ['UNAUTHENTICATED', 'unauthenticated'],
  ['RESOURCE_EXHAUSTED', 'resource-exhausted'],
  ['FAILED_PRECONDITION', 'failed-precondition'],
  ['ABORTED', 'aborted'],
  ['OUT_OF_RANGE', 'out-of-range'],
  ['UNIMPLEMENTED', 'unimplemented'],
  ['INTERNAL', 'internal'],
  ['UNAVAILABLE', 'unavailable'],
  ['DATA_LOSS', 'data-loss'],
])

type JsonObject = Record<string, unknown>

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Firebase's `_errorForResponse`: the HTTP status gives the starting code, and an explicit
 * `error.status` in the body wins over it, whatever the HTTP status was. Null means success.
 */
function errorForResponse(status: number, body: JsonObject | null): FunctionsError | null {
  let code = codeForHTTPStatus(status)
  let message: string = code
  let details: unknown
  const error = body?.error
  if (isJsonObject(error)) {
    if (typeof error.status === 'string') {
      const named = CODE_FOR_ERROR_STATUS.get(error.status)
      // A status we do not know means the server and client disagree about the protocol.
      if (named === undefined) return new FunctionsError('internal', 'internal')
      code = named
      message = error.status
    }
    if (typeof error.message === 'string') message = error.message
    details = error.details
  }
  return code === 'ok' ? null : new FunctionsError(code, message, details)
}

interface HttpResponse {
  status: number
  body: JsonObject | null
}

async function postJSON(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<HttpResponse> {
  let response: Response
  try {
    response = await fetchImpl(url, init)
  } catch {
    // No way to tell a dropped connection from a crashed backend, so both are status 0.
    return { status: 0, body: null }
  }
  try {
    const body: unknown = await response.json()
    return { status: response.status, body: isJsonObject(body) ? body : null }
  } catch {
    // A body that is not JSON reads the same as no body at all.
    return { status: response.status, body: null }
  }
}

export interface CallableOptions {
  /** Milliseconds before the call fails with `deadline-exceeded`; CALLABLE_TIMEOUT_MS by default. */
  timeout?: number
  /** Origin the functions are served from; same origin when omitted. */
  baseUrl?: string
  /**
   * Kept for fidelity with Firebase, where the region picks the functions host. This site
   * serves its functions same-origin from a single deployment, so the region never reaches
   * the URL.
   */
  region?: string
  /** Bearer token for the call; the shared session token by default. */
  getToken?: () => Promise<string | null>
  fetch?: typeof fetch
}

/** A function that calls the server-side callable function `name`. */
export function httpsCallable<Req = unknown, Res = unknown>(
  name: string,
  options: CallableOptions = {},
): (data?: Req) => Promise<{ data: Res }> {
  const url = `${options.baseUrl ?? ''}/api/functions/${name}`
  const timeout = options.timeout ?? CALLABLE_TIMEOUT_MS
  const getToken = options.getToken ?? (() => sessionToken.getToken())

  return async (data) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    const token = await getToken().catch(() => null)
    // As in Firebase, a token that cannot be had is left off: the server then answers
    // `unauthenticated`, which says more than a local failure would.
    if (token) headers.Authorization = `Bearer ${token}`

    // Aborting releases the connection; the rejecting promise settles the call even if a
    // fetch implementation ignores the signal.
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new FunctionsError('deadline-exceeded', 'deadline-exceeded'))
      }, timeout)
    })
    // Read at call time so a fetch installed later (or stubbed in a test) is the one used;
    // called unbound because window.fetch throws when invoked as a method of another object.
    const fetchImpl = options.fetch ?? fetch
    let response: HttpResponse
    try {
      response = await Promise.race([
        postJSON(fetchImpl, url, {
          method: 'POST',
          headers,
          credentials: 'same-origin',
          body: JSON.stringify({ data: data ?? null }),
          signal: controller.signal,
        }),
        deadline,
      ])
    } finally {
      clearTimeout(timer)
    }

    const error = errorForResponse(response.status, response.body)
    if (error) throw error
    if (!response.body) throw new FunctionsError('internal', 'Response is not valid JSON object.')
    // `result` is the protocol's older name for `data`, still accepted as Firebase does.
    const result = response.body.data !== undefined ? response.body.data : response.body.result
    if (result === undefined) throw new FunctionsError('internal', 'Response is missing data field.')
    // The shape is the server's promise, as with any Firebase callable; it is not checked here.
    return { data: result as Res }
  }
}

/** Refresh this long before the token expires, so one is never sent just as it lapses. */
const REFRESH_MARGIN_MS = 60_000

function readIssuedToken(body: unknown): { token: string; expiresAt: number } {
  if (isJsonObject(body) && typeof body.token === 'string' && body.token && typeof body.expiresAt === 'string') {
    const expiresAt = Date.parse(body.expiresAt)
    if (!Number.isNaN(expiresAt)) return { token: body.token, expiresAt }
  }
  throw new Error('The session token response is malformed.')
}

/**
 * Bearer tokens from the cookie-authenticated GET /api/session/token, cached until shortly
 * before they expire. Null means signed out. Concurrent callers share one request.
 */
export function sessionTokenSource(
  options: { baseUrl?: string; fetch?: typeof fetch; now?: () => number } = {},
): { getToken(): Promise<string | null>; clear(): void } {
  const url = `${options.baseUrl ?? ''}/api/session/token`
  const now = options.now ?? Date.now
  let cached: { token: string; refreshAt: number } | null = null
  let inFlight: Promise<string | null> | null = null
  // Bumped by clear() so a request begun before sign-out cannot cache its token after it.
  let generation = 0

  async function load(startedIn: number): Promise<string | null> {
    const fetchImpl = options.fetch ?? fetch
    const response = await fetchImpl(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    if (response.status === 401) return null
    if (!response.ok) throw new Error(`The session token request failed with HTTP ${response.status}.`)
    const issued = readIssuedToken(await response.json())
    if (startedIn === generation) cached = { token: issued.token, refreshAt: issued.expiresAt - REFRESH_MARGIN_MS }
    return issued.token
  }

  return {
    getToken() {
      if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token)
      if (!inFlight) {
        const request = load(generation).finally(() => {
          if (inFlight === request) inFlight = null
        })
        inFlight = request
      }
      return inFlight
    },
    // Called at sign-out, so the next caller cannot reuse the signed-out user's token.
    clear() {
      cached = null
      inFlight = null
      generation += 1
    },
  }
}

/** The signed-in browser's token, the default for every httpsCallable. */
export const sessionToken = sessionTokenSource()
