import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { href } from '../../../shared/paths.ts'

/**
 * A team's invite link carries a code derived from the team's id and its current nonce with a
 * key of the site's own (docs/decisions/0015): the captain can be shown the same link again, a
 * copy of the database alone does not reveal it, and regenerating (a new nonce) ends the old one.
 */
export interface Invites {
  codeOf(team: { id: string; inviteNonce: string }): string
  matches(team: { id: string; inviteNonce: string }, code: string): boolean
  urlOf(siteUrl: string, team: { id: string; leagueId: string; inviteNonce: string }): string
}

export function createInvites(secret: string): Invites {
  const key = createHmac('sha256', secret).update('team-invite').digest()
  const codeOf = (team: { id: string; inviteNonce: string }) => createHmac('sha256', key).update(`${team.id}.${team.inviteNonce}`).digest('base64url').slice(0, 32)
  return {
    codeOf,
    matches(team, code) {
      const expected = Buffer.from(codeOf(team))
      const given = Buffer.from(code)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
    urlOf(siteUrl, team) {
      return `${siteUrl}${href('teamSignUp', { leagueId: team.leagueId, teamId: team.id })}?invite=${codeOf(team)}`
    },
  }
}

export function newInviteNonce(): string {
  return randomBytes(12).toString('base64url')
}
