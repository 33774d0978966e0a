import http from 'node:http'

interface Contact {
  kind: string
  session: string
  pathId: string
  hexParam: string
  url: string
  date: string
  ip: string
  method: string
  size: number
  payload: string
}

export interface Endpoint {
  url: string
  /** Every request the scanned site sent here: any one of them is a server-side request forgery. */
  contacts: Contact[]
  close(): Promise<void>
}

/**
 * A local stand-in for wapiti's out-of-band endpoint (wapiti3.ovh), so its SSRF and XXE modules
 * work offline: payloads point the site at `/<kind>/<session>/<pathId>/<hexParam>/...` here,
 * and wapiti asks `get_ssrf.php` / `get_xxe.php` afterwards whether anything came.
 */
export async function startEndpoint(port: number): Promise<Endpoint> {
  const contacts: Contact[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    const asked = /^\/get_(ssrf|xxe)\.php$/.exec(url.pathname)?.[1]
    if (asked) {
      const session = url.searchParams.get('id') ?? ''
      const mine = contacts.filter((c) => c.session === session && (c.kind === 'ssrf') === (asked === 'ssrf'))
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(mine.length > 0 ? grouped(mine) : []))
      return
    }
    let size = 0
    req.on('data', (chunk: Buffer) => (size += chunk.length))
    req.on('end', () => {
      const [kind = '', session = '', pathId = '', hexParam = '', payload = ''] = url.pathname.split('/').filter(Boolean)
      contacts.push({ kind, session, pathId, hexParam, url: url.href, date: new Date().toISOString(), ip: req.socket.remoteAddress ?? '', method: req.method ?? '', size, payload })
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/`,
    contacts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The shape wapiti's modules read: `{ pathId: { hexParam: [contact, ...] } }`. */
function grouped(contacts: Contact[]): Record<string, Record<string, Contact[]>> {
  const result: Record<string, Record<string, Contact[]>> = {}
  for (const c of contacts) ((result[c.pathId] ??= {})[c.hexParam] ??= []).push(c)
  return result
}
