import type { Db } from '../../db/connect.ts'
import { enqueueEmails, type NewEmail } from '../../core/outbox.queries.ts'
import { inList } from '../../db/values.ts'
import { formatTime, WEEKDAY_NAMES, weekdayOf } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { cleanTeamName } from '../../../shared/schemas/team.ts'

/**
 * What the teams hear when staff change a published schedule (issue 33): every captain and
 * player of a team a change moves is emailed once for the change, with each of their games it
 * moved, where and when it was and is now. The emails are outbox rows written in the change's
 * transaction (core/outbox.queries.ts): they exist exactly when the change commits, and are sent
 * after it, once.
 */

export interface Booked {
  date: string
  startTime: string
  areaName: string
}

export interface GameChange {
  home: { id: string; name: string }
  away: { id: string; name: string }
  from: Booked
  to: Booked
}

/** The people of the teams, each address once with the teams it plays on. */
export async function peopleOf(tx: Db, teamIds: readonly string[]): Promise<Map<string, { name: string; teamIds: Set<string> }>> {
  const captains = await tx.kysely.selectFrom('teams as t').innerJoin('users as u', 'u.id', 't.captainUserId').select(['t.id as teamId', 'u.email', 'u.displayName']).where(inList(tx.dialect, 't.id', teamIds)).execute()
  const players = await tx.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select(['r.teamId', 'u.email', 'u.displayName'])
    .where('o.kind', '=', 'roster-place')
    .where('r.status', 'in', ['confirmed', 'held'])
    .where(inList(tx.dialect, 'r.teamId', teamIds))
    .execute()
  const people = new Map<string, { name: string; teamIds: Set<string> }>()
  for (const row of [...captains, ...players]) {
    const address = row.email.toLowerCase()
    const person = people.get(address) ?? { name: row.displayName, teamIds: new Set<string>() }
    person.teamIds.add(row.teamId!)
    people.set(address, person)
  }
  return people
}

/** Writes the emails of a change to the outbox in the caller's transaction; answers how many. */
export async function emailChanges(tx: Db, league: { id: string; name: string }, changes: readonly GameChange[], ctx: { siteUrl: string; now: Date }): Promise<number> {
  const people = await peopleOf(tx, [...new Set(changes.flatMap((c) => [c.home.id, c.away.id]))])
  const emails: NewEmail[] = []
  for (const [to, person] of people) {
    const theirs = changes.filter((c) => person.teamIds.has(c.home.id) || person.teamIds.has(c.away.id))
    if (theirs.length > 0) emails.push(changeEmail(to, person, league, theirs, ctx.siteUrl))
  }
  await enqueueEmails(tx, emails, ctx.now)
  return emails.length
}

const when = (b: Booked) => `${WEEKDAY_NAMES[weekdayOf(b.date)]} ${formatDate(b.date)}, ${formatTime(b.startTime)} on ${b.areaName}`

function changeEmail(to: string, person: { name: string; teamIds: Set<string> }, league: { id: string; name: string }, changes: readonly GameChange[], siteUrl: string): NewEmail {
  const [only] = changes
  const subject = changes.length === 1 && only ? `Game moved: ${cleanTeamName(only.home.name)} v ${cleanTeamName(only.away.name)}` : `Schedule change: ${changes.length} games moved`
  const teamPages = [...person.teamIds].map((teamId) => `Your team: ${siteUrl}${href('leagueTeam', { leagueId: league.id, teamId })}`)
  return {
    to,
    subject,
    text: [
      `Hi ${person.name},`,
      '',
      `The ${league.name} schedule has changed:`,
      ...changes.flatMap((c) => ['', `${c.home.name} v ${c.away.name}`, `Was: ${when(c.from)}`, `Now: ${when(c.to)}`]),
      '',
      ...teamPages,
    ].join('\n'),
  }
}
