/** The one fetch wrapper for the site's own JSON API (the callable functions use callable.ts). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

async function request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res: Response
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, 'We could not reach the server. Check your connection and try again.')
  }
  const parsed: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const error = (parsed as { error?: { message?: unknown; fields?: unknown } } | null)?.error
    throw new ApiError(
      res.status,
      typeof error?.message === 'string' ? error.message : `The server answered ${res.status}.`,
      error?.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : {},
    )
  }
  return parsed as T
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body: unknown = {}, options: { headers?: Record<string, string> } = {}) =>
    request<T>('POST', url, body, options.headers),
}

/** What to tell the person about a failed read: the server's words, or a plain fallback; null without an error. */
export function errorMessage(error: unknown): string | null {
  if (error === null || error === undefined) return null
  return error instanceof ApiError ? error.message : 'Something went wrong. Please reload the page.'
}
