import { expect } from 'vitest'
import type { TestUser } from './factories.ts'
import type { TestApp } from './test-app.ts'

/**
 * A CSV file as its bytes arrived (fetch's text() would drop a byte order mark): checked to open
 * with UTF-8's byte order mark, as every CSV of the site does so a spreadsheet reads names with
 * accents, and answered as its text after the mark.
 */
export async function downloadCsv(ctx: TestApp, as: TestUser, path: string): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(ctx.baseUrl + path, { headers: { cookie: as.client.cookieHeader(), origin: as.client.origin } })
  const bytes = new Uint8Array(await res.arrayBuffer())
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  expect(res.status, text).toBe(200)
  expect([...bytes.slice(0, 3)], `${path} opens with a byte order mark`).toEqual([0xef, 0xbb, 0xbf])
  return { status: res.status, headers: res.headers, text: text.slice(1) }
}
