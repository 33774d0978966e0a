import type { Db } from '../../db/connect.ts'
import { enqueueEmails, type NewEmail } from '../../core/outbox.queries.ts'
import type { Kind } from '../../core/registrations/kinds.ts'
import { formatTime, WEEKDAY_NAMES, weekdayOf } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { cleanTeamName } from '../../../shared/schemas/team.ts'
import { holdNights } from './game-nights.queries.ts'
import { peopleOf } from './schedule-notices.ts'

/**
 * A team leaving its league takes its games off the schedule (issue 33, docs/decisions/0033): in
 * the transaction that ends its entry, whichever road ended it (its captain withdrawing, staff
 * cancelling, with a refund or without, an offer left to expire: the team kind's `afterEnded`,
 * which `leavingTheSchedule` extends where app.ts lists the kinds), every game of its without a
 * result goes, so its slots are free, and so do its unplaced games; a game with a result stays,
 * and counts in the standings. Once the schedule is published the captains and players of the
 * teams it was to meet are emailed once each, with every game of theirs it took away. The league's
 * game nights are held first, as every change to its schedule holds them (schedule-changes.queries.ts).
 */

/** The team kind whose ended entry first takes the team's games off the schedule, then does what it did. */
export function leavingTheSchedule(kind: Kind<'team-place'>): Kind<'team-place'> {
  const { afterEnded } = kind.rules
  return {
    ...kind,
    rules: {
      ...kind.rules,
      afterEnded: async (tx, place, how) => {
        if ('team' in place.details) await withdrawFromSchedule(tx, place.details.team.id, how.ctx)
        await afterEnded?.(tx, place, how)
      },
    },
  }
}

export interface Withdrawal {
  now: Date
  siteUrl: string
}

/** Takes the team's unplayed games off its league's schedule; answers how many went. */
export async function withdrawFromSchedule(tx: Db, teamId: string, ctx: Withdrawal): Promise<number> {
  const team = await tx.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .select(['t.id', 't.name', 'l.id as leagueId', 'l.name as leagueName'])
    .where('t.id', '=', teamId)
    .executeTakeFirst()
  if (!team) return 0
  const nights = await holdNights(tx, team.leagueId)
  await tx.kysely
    .deleteFrom('unplacedGames')
    .where('leagueId', '=', team.leagueId)
    .where((eb) => eb.or([eb('homeTeamId', '=', teamId), eb('awayTeamId', '=', teamId)]))
    .execute()
  const games = await tx.kysely
    .selectFrom('games as g')
    .innerJoin('playingAreas as a', 'a.id', 'g.areaId')
    .innerJoin('teams as h', 'h.id', 'g.homeTeamId')
    .innerJoin('teams as v', 'v.id', 'g.awayTeamId')
    .select(['g.id', 'g.date', 'g.startTime', 'a.name as areaName', 'g.homeTeamId', 'h.name as homeName', 'g.awayTeamId', 'v.name as awayName'])
    .where('g.leagueId', '=', team.leagueId)
    .where((eb) => eb.or([eb('g.homeTeamId', '=', teamId), eb('g.awayTeamId', '=', teamId)]))
    .where('g.homeScore', 'is', null)
    .where('g.forfeitedBy', 'is', null)
    .orderBy('g.date')
    .orderBy('g.startTime')
    .execute()
  if (games.length === 0) return 0
  await tx.kysely
    .deleteFrom('games')
    .where('id', 'in', games.map((g) => g.id))
    .execute()
  if (nights?.publishedAt) await emailOpponents(tx, team, games, ctx)
  return games.length
}

type Cancelled = { date: string; startTime: string; areaName: string; homeTeamId: string; homeName: string; awayTeamId: string; awayName: string }

async function emailOpponents(tx: Db, team: { id: string; name: string; leagueId: string; leagueName: string }, games: readonly Cancelled[], ctx: Withdrawal): Promise<void> {
  const opponentOf = (g: Cancelled) => (g.homeTeamId === team.id ? g.awayTeamId : g.homeTeamId)
  const people = await peopleOf(tx, [...new Set(games.map(opponentOf))])
  const emails: NewEmail[] = []
  for (const [to, person] of people) {
    const theirs = games.filter((g) => person.teamIds.has(opponentOf(g)))
    emails.push(cancelledEmail(to, person, team, theirs, ctx.siteUrl, [...person.teamIds]))
  }
  await enqueueEmails(tx, emails, ctx.now)
}

const when = (g: Cancelled) => `${WEEKDAY_NAMES[weekdayOf(g.date)]} ${formatDate(g.date)}, ${formatTime(g.startTime)} on ${g.areaName}`

function cancelledEmail(to: string, person: { name: string }, team: { name: string; leagueId: string; leagueName: string }, games: readonly Cancelled[], siteUrl: string, teamIds: readonly string[]): NewEmail {
  const [only] = games
  return {
    to,
    subject: games.length === 1 && only ? `Game cancelled: ${cleanTeamName(only.homeName)} v ${cleanTeamName(only.awayName)}` : `Schedule change: ${games.length} games cancelled`,
    text: [
      `Hi ${person.name},`,
      '',
      `${team.name} has left ${team.leagueName}, so ${games.length === 1 ? 'this game is' : 'these games are'} off the schedule:`,
      ...games.flatMap((g) => ['', `${g.homeName} v ${g.awayName}`, `Was: ${when(g)}`]),
      '',
      'Games already played keep their results.',
      ...teamIds.map((teamId) => `Your team: ${siteUrl}${href('leagueTeam', { leagueId: team.leagueId, teamId })}`),
    ].join('\n'),
  }
}
