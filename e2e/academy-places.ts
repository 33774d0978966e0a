import type { APIRequestContext } from '@playwright/test'
import { addChild } from '../src/server/core/children.queries.ts'
import { admitParticipant } from '../src/server/core/registrations/admission.ts'
import { offeringKinds } from '../src/server/app.ts'
import { takePlace } from '../src/server/core/registrations/engine.ts'
import { findAcademyOffering } from '../src/server/features/academies/academy-kind.ts'
import type { Db } from '../src/server/db/connect.ts'
import type { NewAcademy } from '../src/server/features/academies/academies.queries.ts'
import { addDays } from '../src/shared/registration-window.ts'
import { BASE_URL, daysFromToday, expect, weekdayFromToday, type TestUser } from './fixtures.ts'

/*
 * Families in academies for the staff specs: a child added and their waiver signed through the
 * API, and the place taken by the registration engine, as the family's sign-up does.
 */

/** An open academy for 8 to 10 year olds, on Tuesdays and Thursdays for four weeks from a month ahead. */
export function academyInput(name: string, overrides: Partial<NewAcademy> = {}): NewAcademy {
  const firstTuesday = weekdayFromToday(30, 2)
  return {
    name,
    sport: 'soccer',
    isActive: true,
    forChildren: true,
    minAge: 8,
    maxAge: 10,
    weekdays: [2, 4],
    startTime: '18:00',
    endTime: '19:00',
    registrationDate: daysFromToday(-1),
    startDate: firstTuesday,
    endDate: addDays(firstTuesday, 23),
    capacity: 12,
    priceCents: 18_000,
    ...overrides,
  }
}

/** An academy meeting every evening from three days ago to three days ahead, so today is a session. */
export function thisWeeksAcademy(name: string): NewAcademy {
  return {
    name,
    sport: 'soccer',
    coach: 'Coach Daniela Ortiz',
    location: 'Field 1',
    isActive: true,
    forChildren: true,
    minAge: 6,
    maxAge: 12,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '18:00',
    endTime: '19:00',
    registrationDate: daysFromToday(-10),
    registrationDeadline: daysFromToday(3),
    startDate: daysFromToday(-3),
    endDate: daysFromToday(3),
    capacity: 10,
    priceCents: 18_000,
    waiverRequired: false,
  }
}

/** Born on March 15th nine years ago: a child any of these academies takes. */
export const nineYearOldBorn = `${Number(daysFromToday(0).slice(0, 4)) - 9}-03-15`

/** Adds a child (8 on the first session) to the signed-in guardian's account and signs the waiver for them; answers the child's id. */
export async function addChildWithWaiver(request: APIRequestContext, guardian: TestUser, child: { firstName: string; notes: string }): Promise<string> {
  const sent = { headers: { origin: BASE_URL } }
  const added = await request.post(`${BASE_URL}/api/children`, {
    ...sent,
    data: { ...child, lastName: 'Okafor', dateOfBirth: '2018-05-20', emergencyContactName: 'Grace Okafor', emergencyContactPhone: '555-010-7777' },
  })
  expect(added.status(), await added.text()).toBe(201)
  const childId = ((await added.json()) as { child: { id: string } }).child.id
  const waiver = await request.post(`${BASE_URL}/api/waiver/signatures`, { ...sent, data: { signedName: guardian.displayName, agree: 'yes', childId } })
  expect(waiver.status(), await waiver.text()).toBe(201)
  return childId
}

/** Takes a place (or a waitlist position) in the academy for the child. */
export async function enrolInAcademy(db: Db, academyId: string, userId: string, childId: string): Promise<void> {
  const offering = await findAcademyOffering(db, academyId)
  if (!offering) throw new Error('the academy is not open')
  const admission = await admitParticipant(db, offering, { userId, childId })
  await takePlace(db, { ...admission, offering, userId, idempotencyKey: null, now: new Date(), today: daysFromToday(0), siteUrl: BASE_URL, kinds: offeringKinds() })
}

/** Children added to the guardian's account and given places through the engine, the waiver aside; answers their registrations' ids in order. */
export async function placeChildren(db: Db, academyId: string, guardianId: string, children: readonly { firstName: string; lastName: string; dateOfBirth: string }[]): Promise<string[]> {
  const offering = await findAcademyOffering(db, academyId)
  if (!offering) throw new Error(`academy ${academyId} has no open places`)
  const ids: string[] = []
  for (const child of children) {
    const now = new Date()
    const { id: childId } = await addChild(db, guardianId, { ...child, emergencyContactName: 'Alex Rivera', emergencyContactPhone: '+15550109999', notes: null }, now)
    const { registration } = await takePlace(db, { offering, userId: guardianId, childId, waiverVersion: null, idempotencyKey: null, now, today: daysFromToday(0), siteUrl: BASE_URL, kinds: offeringKinds() })
    ids.push(registration.id)
  }
  return ids
}
