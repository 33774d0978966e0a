import { randomUUID } from 'node:crypto'
import type { Db } from '../src/server/db/connect.ts'
import { timestampParam } from '../src/server/db/values.ts'
import { daysFromToday, uniqueToken, type LeagueInput } from './fixtures.ts'

/**
 * A team league with a published schedule whose games the scorer's table lists (issue 33),
 * written straight into the database: the schedule's own pages and routes are another spec's
 * (staff-schedule-a-league). Owls v Hawks started today at midnight; Bears v Owls was played
 * yesterday; Hawks v Bears is weeks away. Team names carry a token, so many leagues can share the
 * database.
 */
export async function insertScoredLeague(db: Db, insertLeague: (league: LeagueInput) => Promise<string>) {
  const token = uniqueToken()
  const name = `Scored Hoops ${token}`
  const leagueId = await insertLeague({ name, sport: 'basketball', kind: 'team', teamCapacity: 8, rosterMin: 1, rosterMax: 8, teamPayment: 'team-fee', teamFeeCents: 0, registrationDate: daysFromToday(-40), startDate: daysFromToday(-7), endDate: daysFromToday(60) })
  const now = timestampParam(db.dialect, new Date())
  const areaId = randomUUID()
  await db.kysely.insertInto('playingAreas').values({ id: areaId, name: `Court ${token}`, nameKey: `court${token}`, sports: 'basketball', createdAt: now, updatedAt: now }).execute()
  const teams = Object.fromEntries(['Owls', 'Hawks', 'Bears'].map((team) => [team, { id: randomUUID(), name: `${team} ${token}` }]))
  await db.kysely
    .insertInto('teams')
    .values(Object.values(teams).map((t) => ({ id: t.id, leagueId, name: t.name, nameKey: t.name.toLowerCase().replace(/\s+/g, ''), captainUserId: null, captainEmail: `captain-${t.id}@example.com`, holdExpiresAt: timestampParam(db.dialect, new Date(Date.now() + 30 * 86_400_000)), inviteNonce: randomUUID(), pendingInvites: null, createdAt: now, updatedAt: now })))
    .execute()
  await db.kysely
    .insertInto('gameNights')
    .values({ leagueId, weekdays: '1,2,3,4,5,6,7', firstGameTime: '00:00', lastGameTime: '21:00', gameMinutes: 60, areaIds: areaId, skippedDates: '', countKind: 'round-robin', countNumber: 1, winPoints: 2, tiePoints: 1, lossPoints: 0, forfeitWinnerScore: 20, forfeitLoserScore: 0, tieBreaks: 'head-to-head,difference,points-for', publishedAt: now, updatedAt: now })
    .execute()
  const game = (home: string, away: string, date: string, startTime: string, endTime: string) => ({ id: randomUUID(), leagueId, homeTeamId: teams[home]!.id, awayTeamId: teams[away]!.id, areaId, date, startTime, endTime, homeScore: null, awayScore: null, forfeitedBy: null, createdAt: now, updatedAt: now })
  const games = [game('Owls', 'Hawks', daysFromToday(0), '00:00', '01:00'), game('Bears', 'Owls', daysFromToday(-1), '19:00', '20:00'), game('Hawks', 'Bears', daysFromToday(21), '19:00', '20:00')]
  await db.kysely.insertInto('games').values(games).execute()
  return { leagueId, name, teams, gameIds: games.map((g) => g.id) }
}
