import http from 'node:http'

/** A signed-in POST as the browser sends it (cookie, same origin, Idempotency-Key); status 0 when the server could not be reached. */
export function post(
  agent: http.Agent,
  port: number,
  urlPath: string,
  cookie: string,
  origin: string,
  key: string,
  body: object = {},
): Promise<{ status: number; body: string }> {
  return send(agent, port, urlPath, { cookie, origin, 'content-type': 'application/json', 'idempotency-key': key }, JSON.stringify(body))
}

/** A POST with these headers and body, answering the status and the body read. */
export function send(agent: http.Agent, port: number, urlPath: string, headers: http.OutgoingHttpHeaders, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', agent, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', (error) => resolve({ status: 0, body: error.message }))
    req.end(body)
  })
}

/** Waits for a server to answer /healthz, for at most a minute: a loaded machine starts it slowly. */
export async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => resolve(res.statusCode === 200)).on('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The server on port ${port} did not start`)
}
