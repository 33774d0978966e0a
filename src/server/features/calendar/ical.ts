import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalEventStatus } from 'ical-generator'
import { DateTime } from 'luxon'

/**
 * A private calendar feed as iCalendar text (RFC 5545), written by ical-generator: times in the
 * facility's zone with its VTIMEZONE, so Google Calendar, Apple Calendar and Outlook show a game at
 * 19:00 at 19:00 on both sides of a daylight-saving change (docs/decisions/0003). Each event's UID
 * is its game's or session's own, stable however often the schedule changes, so a subscribed
 * calendar moves the event instead of adding a second one; SEQUENCE and LAST-MODIFIED say which
 * version is newer.
 */

export interface FeedEvent {
  /** Stable across updates: the game's id, or the academy and the session's date. */
  uid: string
  /** YYYY-MM-DD and HH:MM, the facility's calendar and clock. */
  date: string
  startTime: string
  endTime: string
  summary: string
  location: string | null
  description?: string
  /** A session cancelled stays in the feed as cancelled, so calendars strike it rather than guess. */
  cancelled?: boolean
  /** When the event last changed: its SEQUENCE and LAST-MODIFIED. */
  updatedAt: Date
}

export interface Feed {
  name: string
  timeZone: string
  /** The host part of every UID: the site's own address. */
  host: string
  events: readonly FeedEvent[]
}

/** How often a calendar app should fetch the feed again (a hint: Google and Outlook decide for themselves). */
const REFRESH = { hours: 6 }

export function calendarText(feed: Feed, now: Date): string {
  const calendar = ical({
    name: feed.name,
    prodId: { company: feed.host, product: 'facility-registration', language: 'EN' },
    // No zone of the calendar's own: DTSTAMP and LAST-MODIFIED stay in UTC, as RFC 5545 asks; each
    // event names the facility's zone, and the generator writes its VTIMEZONE once.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: REFRESH.hours * 3600,
  })
  for (const event of feed.events) {
    const at = (time: string) => DateTime.fromISO(`${event.date}T${time}`, { zone: feed.timeZone })
    calendar.createEvent({
      id: `${event.uid}@${feed.host}`,
      start: at(event.startTime),
      end: at(event.endTime),
      timezone: feed.timeZone,
      summary: event.summary,
      location: event.location,
      description: event.description ?? null,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      stamp: now,
      lastModified: event.updatedAt,
      // Seconds since 2020: grows with every change, and fits SEQUENCE's integer.
      sequence: Math.max(0, Math.floor((event.updatedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000)),
    })
  }
  return calendar.toString()
}
