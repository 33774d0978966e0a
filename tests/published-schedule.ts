import { randomUUID } from 'node:crypto'
import type { Db } from '../src/server/db/connect.ts'
import { timestampParam } from '../src/server/db/values.ts'

/*
 * A team league's published schedule as the admin's Publish and the scorer's table leave it
 * (issue 33): a court of its own, game nights with the default standings rules, and three games
 * between two teams — one a week ago won 52 to 47 by the first team at home, its next in three
 * days, and one in ten days. Used by the browser tests and bench:page; `day(n)` is the facility's
 * date n days from today.
 */

export interface PublishedSchedule {
  court: string
  past: string
  next: string
  later: string
}

/** Two teams of the league straight into the database, with no captain: enough for the open pages. */
export async function insertTeams(db: Db, leagueId: string, names: readonly [string, string]): Promise<[string, string]> {
  const at = timestampParam(db.dialect, new Date())
  const ids: [string, string] = [randomUUID(), randomUUID()]
  await db.kysely
    .insertInto('teams')
    .values(names.map((name, i) => ({ id: ids[i]!, leagueId, name, nameKey: name.toLowerCase().replace(/\s/g, ''), captainUserId: null, captainEmail: null, holdExpiresAt: null, inviteNonce: randomUUID(), pendingInvites: null, createdAt: at, updatedAt: at })))
    .execute()
  return ids
}

export async function publishSchedule(db: Db, leagueId: string, [first, second]: readonly [string, string], token: string, day: (offset: number) => string): Promise<PublishedSchedule> {
  const at = timestampParam(db.dialect, new Date())
  const areaId = randomUUID()
  const court = `Court ${token}`
  await db.kysely.insertInto('playingAreas').values({ id: areaId, name: court, nameKey: court.toLowerCase().replace(/\s/g, ''), sports: 'basketball', createdAt: at, updatedAt: at }).execute()
  await db.kysely
    .insertInto('gameNights')
    .values({
      leagueId, weekdays: '2', firstGameTime: '19:00', lastGameTime: '20:00', gameMinutes: 60, areaIds: areaId, countKind: 'round-robin', countNumber: 2,
      winPoints: 2, tiePoints: 1, lossPoints: 0, forfeitWinnerScore: 20, forfeitLoserScore: 0, tieBreaks: 'head-to-head,difference,points-for', publishedAt: at, updatedAt: at,
    })
    .execute()
  const [past, next, later] = [day(-7), day(3), day(10)]
  const game = (homeTeamId: string, awayTeamId: string, date: string, startTime: string, endTime: string, score: [number, number] | null) => ({
    id: randomUUID(), leagueId, homeTeamId, awayTeamId, areaId, date, startTime, endTime, homeScore: score?.[0] ?? null, awayScore: score?.[1] ?? null, forfeitedBy: null, createdAt: at, updatedAt: at,
  })
  await db.kysely
    .insertInto('games')
    .values([game(first, second, past, '19:00', '20:00', [52, 47]), game(second, first, next, '19:00', '20:00', null), game(first, second, later, '20:00', '21:00', null)])
    .execute()
  return { court, past, next, later }
}
