import { createHmac, timingSafeEqual } from 'node:crypto'
import { href } from '../../../shared/paths.ts'

/**
 * The unsubscribe link at the foot of a staff message (docs/decisions/0031): the address with a
 * code derived from it by a key of the site's own, so nobody makes a link for another address and
 * no table of tokens is kept. The same address always gets the same link.
 */
export interface UnsubscribeLinks {
  urlOf(siteUrl: string, address: string): string
  /** The address a token was made for, or null when it was not made here (changed, cut, made up). */
  addressOf(token: string): string | null
}

export function createUnsubscribeLinks(secret: string): UnsubscribeLinks {
  const key = createHmac('sha256', secret).update('unsubscribe').digest()
  const codeOf = (address: string) => createHmac('sha256', key).update(address).digest('base64url').slice(0, 32)
  return {
    urlOf(siteUrl, address) {
      const token = `${Buffer.from(address).toString('base64url')}.${codeOf(address)}`
      return `${siteUrl}${href('unsubscribe', { token })}`
    },
    addressOf(token) {
      const [encoded, code, ...rest] = token.split('.')
      if (!encoded || !code || rest.length > 0) return null
      const address = Buffer.from(encoded, 'base64url').toString()
      const expected = Buffer.from(codeOf(address))
      const given = Buffer.from(code)
      return given.length === expected.length && timingSafeEqual(given, expected) ? address : null
    },
  }
}
