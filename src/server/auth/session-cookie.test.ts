import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { readSessionToken } from './session-cookie.ts'

const secret = 's'.repeat(40)
const sign = (token: string, key = secret) => encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`)
const NAME = 'better-auth.session_token'

describe('readSessionToken', () => {
  test('reads a correctly signed token among other cookies', () => {
    expect(readSessionToken(`theme=dark; ${NAME}=${sign('abc123')}; other=1`, NAME, secret)).toBe('abc123')
  })

  test.each([
    ['no header', undefined],
    ['no session cookie', 'theme=dark'],
    ['signed with another secret', `${NAME}=${sign('abc123', 'x'.repeat(40))}`],
    ['a tampered token', `${NAME}=${sign('abc123').replace('abc123', 'abc124')}`],
    ['no signature', `${NAME}=abc123`],
    ['broken encoding', `${NAME}=%E0%A4%A`],
    ['a prefix-named cookie', `x${NAME}=${sign('abc123')}`],
  ])('refuses %s', (_case, header) => {
    expect(readSessionToken(header, NAME, secret)).toBeNull()
  })
})
