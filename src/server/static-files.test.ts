import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from '../../tests/test-app.ts'

/*
 * The built client's files (pages.ts): every file under assets/ by its hashed name, with the
 * compressed copy the browser accepts, cached for a year; nothing else of the disk.
 */

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))}\n`
let ctx: TestApp
let clientDir: string
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'))
  fs.mkdirSync(path.join(clientDir, 'assets'))
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-Ab12.js'), SCRIPT)
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-Ab12.js.br'), brotliCompressSync(SCRIPT))
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-Ab12.js.gz'), gzipSync(SCRIPT))
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>The file on disk</title>')
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\nAllow: /\n')
  ctx = await startTestApp({ clientDir, html: { template: async () => '<!doctype html><title>Shell</title>' } })
})
afterAll(async () => {
  await ctx.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${ctx.baseUrl}${url}`, { headers })
}

test('an asset is served by its name, cached for a year, in the compressed copy the browser accepts', async () => {
  const plain = await get('/assets/app-Ab12.js', { 'accept-encoding': 'identity' })
  expect(plain.status).toBe(200)
  expect(plain.headers.get('content-type')).toMatch(/^(application|text)\/javascript/)
  expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(plain.headers.get('vary')).toContain('accept-encoding')
  expect(plain.headers.get('content-encoding')).toBeNull()
  expect(await plain.text()).toBe(SCRIPT)

  const res = await fetch(`${ctx.baseUrl}/assets/app-Ab12.js`, { headers: { 'accept-encoding': 'br' } })
  expect(res.headers.get('content-encoding')).toBe('br')
  expect(await res.text()).toBe(SCRIPT)
  const gzipped = await get('/assets/app-Ab12.js', { 'accept-encoding': 'gzip' })
  expect(gzipped.headers.get('content-encoding')).toBe('gzip')
})

test('nothing else of the disk: a missing asset, the folder, the copies by their own names and a way out are refused', async () => {
  for (const url of ['/assets/missing-Zz99.js', '/assets/', '/assets/..%2findex.html', '/assets/%2e%2e/index.html', '/assets/../index.html', '/assets/%2e%2e/%2e%2e/package.json']) {
    const res = await get(url)
    expect([403, 404], url).toContain(res.status)
    const text = await res.text()
    expect(text, url).not.toContain('The file on disk')
    expect(text, url).not.toContain('"devDependencies"')
  }
})

test('the icon and robots.txt are served at the root, kept a day: their names carry no hash', async () => {
  for (const [url, type, text] of [['/favicon.svg', 'image/svg+xml', '<svg'], ['/robots.txt', 'text/plain; charset=utf-8', 'User-agent: *']] as const) {
    const res = await get(url)
    expect(res.status, url).toBe(200)
    expect(res.headers.get('content-type'), url).toBe(type)
    expect(res.headers.get('cache-control'), url).toBe('public, max-age=86400')
    expect(await res.text(), url).toContain(text)
  }
})
