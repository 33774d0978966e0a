import { href } from '../../../shared/paths.ts'
import { formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { cleanTeamName } from '../../../shared/schemas/team.ts'
import type { NewEmail } from '../../core/outbox.queries.ts'

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

/** The subject is fixed, naming the facility and the team (its name cleaned): nothing else a captain typed goes there. */
export function inviteEmail(team: TeamNames, facilityName: string, captainName: string, inviteUrl: string, to: string): NewEmail {
  return {
    to,
    subject: `Join ${cleanTeamName(team.name)} at ${facilityName}`,
    text: [
      'Hi,',
      '',
      `${captainName} invites you to join ${team.name} in ${team.leagueName}.`,
      'Open this link to join the team (you can create an account there if you have none):',
      inviteUrl,
    ].join('\n'),
  }
}

export function heldTeamEmail(team: TeamNames & { captainEmail: string | null }, link: string, until: Date): NewEmail {
  return {
    to: team.captainEmail ?? '',
    subject: `A place for ${team.name} in ${team.leagueName}`,
    text: [
      'Hi,',
      '',
      `Good news: a place opened up in ${team.leagueName}, and the facility has created your team, ${team.name}, with you as its captain.`,
      `The place is held for you until ${formatDate(until)}. To complete the team's registration, open this link, sign in`,
      '(or create an account with this email address), sign the waiver and confirm:',
      link,
      '',
      'Once it is complete, the same page gives you the link to invite your players.',
    ].join('\n'),
  }
}

export function holdReleasedEmail(siteUrl: string, team: { name: string; leagueName: string; captainEmail: string | null }, to: string): NewEmail {
  return {
    to,
    subject: `Held place released: ${team.name}, ${team.leagueName}`,
    text: [
      `The team place held for ${team.name} in ${team.leagueName} was not claimed by its captain (${team.captainEmail ?? 'no address'}) in time, and has been released.`,
      'If a team was waiting, it has been offered the place.',
      '',
      `Teams: ${siteUrl}${href('teamsView')}`,
    ].join('\n'),
  }
}

export function rosterReminderEmail(
  siteUrl: string,
  state: { team: TeamNames & { rosterDeadline: string | null; rosterMin: number | null }; players: { status: string }[] },
  captain: { name: string; email: string },
  daysLeft: number,
): NewEmail {
  const { team } = state
  const playing = state.players.filter((p) => p.status === 'confirmed').length
  const needed = Math.max(0, (team.rosterMin ?? 1) - playing)
  return {
    to: captain.email,
    subject: `${team.name}: the roster deadline is in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`,
    text: [
      `Hi ${captain.name},`,
      '',
      `${team.name} is still forming for ${team.leagueName}, and the roster deadline is ${formatDate(team.rosterDeadline ?? '')}.`,
      needed > 0
        ? `The roster has ${playing} player${playing === 1 ? '' : 's'}: ${needed} more needed. Share your invite link with your players.`
        : 'The roster has the players it needs: the team is complete once every fee is paid at the front desk.',
      '',
      `Your team: ${teamPage(siteUrl, team)}`,
    ].join('\n'),
  }
}

export function placedEmail(siteUrl: string, team: TeamNames, captainName: string, r: { registrantName: string; registrantEmail: string }): NewEmail {
  return {
    to: r.registrantEmail,
    subject: `You are on ${team.name}`,
    text: [
      `Hi ${r.registrantName},`,
      '',
      `The facility has placed you on ${team.name} in ${team.leagueName}. Your captain is ${captainName}.`,
      'What you paid for your place counts towards this one.',
      '',
      `Your team: ${teamPage(siteUrl, team)}`,
    ].join('\n'),
  }
}

export function playerPlacedEmail(siteUrl: string, team: TeamNames, captain: { name: string; email: string }, player: string): NewEmail {
  return {
    to: captain.email,
    subject: `${player} was placed on ${team.name}`,
    text: [`Hi ${captain.name},`, '', `The facility has placed ${player} on ${team.name} in ${team.leagueName}.`, '', `Your team: ${teamPage(siteUrl, team)}`].join('\n'),
  }
}

/** To each player of a team withdrawn from its league (by its captain, by staff, or an offer left to expire). */
export function teamWithdrawnEmail(siteUrl: string, team: TeamNames, player: { name: string; email: string }, refundedCents: number): NewEmail {
  return {
    to: player.email,
    subject: `${team.name} was withdrawn from ${team.leagueName}`,
    text: [
      `Hi ${player.name},`,
      '',
      `${team.name} no longer plays in ${team.leagueName}, so your place on its roster has ended${refundedCents > 0 ? ` and what you paid, ${formatMoney(refundedCents)}, is refunded` : ''}.`,
      'You are free to join another team of the league, create your own, or sign up as a free agent:',
      siteUrl + href('home'),
    ].join('\n'),
  }
}
