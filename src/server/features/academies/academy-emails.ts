import { formatTime } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import type { NewEmail } from '../../core/outbox.queries.ts'
import type { AcademyHousehold } from './academy-places.queries.ts'

/** The words of the emails an academy's families get from the coach's side: a session cancelled, the time changed, the first session near. */

/** "Sam", "Sam and Alex", "you and Sam". */
function whoTakesPart(household: AcademyHousehold): string {
  const names = [...(household.self ? ['you'] : []), ...household.children]
  return names.length <= 1 ? (names[0] ?? 'you') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** "Sam's", "Sam and Alex's", "your". */
function whose(household: AcademyHousehold): string {
  const who = whoTakesPart(household)
  return who === 'you' ? 'your' : `${who}'s`
}

/** "you are", "Sam is", "Sam and Alex are". */
const registered = (household: AcademyHousehold) => `${whoTakesPart(household)} ${household.self || household.children.length > 1 ? 'are' : 'is'} registered`

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

const signOff = (siteUrl: string) => ['', `Your registrations: ${siteUrl}${href('account')}`]

export function sessionCancelledEmail(siteUrl: string, academy: { name: string }, date: string, household: AcademyHousehold): NewEmail {
  return {
    to: household.email,
    subject: `${academy.name} on ${formatDate(date)} is cancelled`,
    text: [
      `Hi ${household.name},`,
      '',
      `${capitalized(whose(household))} session of ${academy.name} on ${formatDate(date)} is cancelled. The other sessions go ahead as planned.`,
      ...signOff(siteUrl),
    ].join('\n'),
  }
}

export function scheduleChangedEmail(siteUrl: string, academy: { name: string; location: string | null }, change: { before: string; after: string }, household: AcademyHousehold): NewEmail {
  return {
    to: household.email,
    subject: `New time for ${academy.name}`,
    text: [
      `Hi ${household.name},`,
      '',
      `${academy.name} has a new time (${registered(household)}).`,
      `From now on: ${change.after}${academy.location ? `, ${academy.location}` : ''}.`,
      `Before: ${change.before}.`,
      ...signOff(siteUrl),
    ].join('\n'),
  }
}

export function firstSessionReminderEmail(
  siteUrl: string,
  academy: { name: string; coach: string | null; location: string | null; startTime: string },
  firstDate: string,
  household: AcademyHousehold,
): NewEmail {
  return {
    to: household.email,
    subject: `${academy.name} starts on ${formatDate(firstDate)}`,
    text: [
      `Hi ${household.name},`,
      '',
      `A reminder: ${academy.name} starts on ${formatDate(firstDate)} at ${formatTime(academy.startTime)}${academy.location ? `, ${academy.location}` : ''}, and ${registered(household)}.`,
      `${academy.coach ? `${academy.coach} will be there. ` : ''}Please arrive a few minutes early.`,
      ...signOff(siteUrl),
    ].join('\n'),
  }
}
