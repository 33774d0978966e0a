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

/** The events of a feed's owner, or undefined when the owner is gone. */
export async function eventsOf(db: Db, owner: FeedOwner): Promise<OwnerEvents | undefined> {
  switch (owner.kind) {
    case 'academy':
      return academyEvents(db, owner.id)
    case 'team':
      return undefined
  }
}
