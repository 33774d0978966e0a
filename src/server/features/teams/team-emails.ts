import { href } from '../../../shared/paths.ts'
import type { NewEmail } from '../mail/outbox.queries.ts'

/** The words of every team email, in one place. `siteUrl` has no trailing slash. */

interface TeamNames {
  id: string
  leagueId: string
  name: string
  leagueName: string
}

const teamPage = (siteUrl: string, team: TeamNames) => siteUrl + href('leagueTeam', { leagueId: team.leagueId, teamId: team.id })

export function playerJoinedEmail(siteUrl: string, team: TeamNames, captain: { name: string; email: string }, player: string, playerCount: number): NewEmail {
  return {
    to: captain.email,
    subject: `${player} joined ${team.name}`,
    text: [
      `Hi ${captain.name},`,
      '',
      `${player} joined ${team.name} in ${team.leagueName}. The roster has ${playerCount} player${playerCount === 1 ? '' : 's'} now.`,
      '',
      `Your team: ${teamPage(siteUrl, team)}`,
    ].join('\n'),
  }
}

export function teamCompleteEmail(siteUrl: string, team: TeamNames, captain: { name: string; email: string }): NewEmail {
  return {
    to: captain.email,
    subject: `${team.name} is complete`,
    text: [
      `Hi ${captain.name},`,
      '',
      `${team.name} is complete for ${team.leagueName}: the roster has the players it needs and every fee is paid.`,
      '',
      `Your team: ${teamPage(siteUrl, team)}`,
    ].join('\n'),
  }
}

export function inviteEmail(team: TeamNames, captainName: string, inviteUrl: string, to: string): NewEmail {
  return {
    to,
    subject: `${captainName} invites you to play on ${team.name}`,
    text: [
      'Hi,',
      '',
      `${captainName} invites you to join ${team.name} in ${team.leagueName}.`,
      'Open this link to join the team (you can create an account there if you have none):',
      inviteUrl,
    ].join('\n'),
  }
}
