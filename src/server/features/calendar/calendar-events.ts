import type { Db } from '../../db/connect.ts'
import { readSchedule } from '../../../shared/academy-schedule.ts'
import type { FeedOwner } from './calendar-feeds.queries.ts'
import type { FeedEvent } from './ical.ts'

/** What a feed holds: its owner's name, and its events in the order they happen. */
export interface OwnerEvents {
  name: string
  events: FeedEvent[]
}

/** An academy's sessions: one event a date it meets, its hours, where, and its coach. */
async function academyEvents(db: Db, academyId: string): Promise<OwnerEvents | undefined> {
  const academy = await db.kysely
    .selectFrom('academies')
    .select(['name', 'coach', 'location', 'weekdays', 'startTime', 'endTime', 'skippedDates', 'startDate', 'endDate', 'updatedAt'])
    .where('id', '=', academyId)
    .executeTakeFirst()
  if (!academy) return undefined
  const { startTime, endTime } = academy
  if (!startTime || !endTime) return { name: academy.name, events: [] }
  const updatedAt = new Date(academy.updatedAt)
  const description = academy.coach ? `Coach: ${academy.coach}` : undefined
  return {
    name: academy.name,
    events: readSchedule({ ...academy, startTime, endTime }).sessionDates.map((date) => ({
      uid: `academy-${academyId}-${date}`,
      date,
      startTime,
      endTime,
      summary: academy.name,
      location: academy.location,
      description,
      updatedAt,
    })),
  }
}

/** "Final: Hoop Dreams 42, Net Gains 38", or the forfeit, once a game's result is in. */
function resultText(game: { homeName: string; awayName: string; homeScore: number | null; awayScore: number | null; forfeitedBy: string | null; homeTeamId: string }): string | undefined {
  if (game.forfeitedBy !== null) return `Forfeited by ${game.forfeitedBy === game.homeTeamId ? game.homeName : game.awayName}`
  if (game.homeScore === null || game.awayScore === null) return undefined
  return `Final: ${game.homeName} ${game.homeScore}, ${game.awayName} ${game.awayScore}`
}

/** A team's games once its league's schedule is published (a draft is staff's alone): each on its playing area, home team first. */
async function teamEvents(db: Db, teamId: string): Promise<OwnerEvents | undefined> {
  const team = await db.kysely
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.leagueId')
    .leftJoin('gameNights as n', 'n.leagueId', 't.leagueId')
    .select(['t.name', 't.leagueId', 'l.name as leagueName', 'n.publishedAt'])
    .where('t.id', '=', teamId)
    .executeTakeFirst()
  if (!team) return undefined
  if (team.publishedAt === null) return { name: team.name, events: [] }
  const games = await db.kysely
    .selectFrom('games as g')
    .innerJoin('teams as home', 'home.id', 'g.homeTeamId')
    .innerJoin('teams as away', 'away.id', 'g.awayTeamId')
    .innerJoin('playingAreas as a', 'a.id', 'g.areaId')
    .select(['g.id', 'g.date', 'g.startTime', 'g.endTime', 'g.homeTeamId', 'g.homeScore', 'g.awayScore', 'g.forfeitedBy', 'g.updatedAt', 'home.name as homeName', 'away.name as awayName', 'a.name as areaName'])
    .where('g.leagueId', '=', team.leagueId)
    .where((eb) => eb.or([eb('g.homeTeamId', '=', teamId), eb('g.awayTeamId', '=', teamId)]))
    .orderBy('g.date')
    .orderBy('g.startTime')
    .execute()
  return {
    name: team.name,
    events: games.map((game) => ({
      uid: `game-${game.id}`,
      date: game.date,
      startTime: game.startTime,
      endTime: game.endTime,
      summary: `${game.homeName} vs ${game.awayName}`,
      location: game.areaName,
      description: [team.leagueName, resultText(game)].filter(Boolean).join('\n'),
      updatedAt: new Date(game.updatedAt),
    })),
  }
}

/** The events of a feed's owner, or undefined when the owner is gone. */
export async function eventsOf(db: Db, owner: FeedOwner): Promise<OwnerEvents | undefined> {
  switch (owner.kind) {
    case 'academy':
      return academyEvents(db, owner.id)
    case 'team':
      return teamEvents(db, owner.id)
  }
}
