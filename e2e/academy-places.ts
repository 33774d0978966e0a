import type { Db } from '../src/server/db/connect.ts'
import { addChild } from '../src/server/core/children.queries.ts'
import { takePlace } from '../src/server/core/registrations/engine.ts'
import { findAcademyOffering } from '../src/server/core/registrations/offerings.queries.ts'
import { daysFromToday } from './fixtures.ts'

/** Children given places in an academy through the engine, as the sign-up page gives them; answers their registrations' ids in order. */
export async function placeChildren(db: Db, academyId: string, guardianId: string, children: readonly { firstName: string; lastName: string; dateOfBirth: string }[]): Promise<string[]> {
  const offering = await findAcademyOffering(db, academyId)
  if (!offering) throw new Error(`academy ${academyId} has no open places`)
  const ids: string[] = []
  for (const child of children) {
    const now = new Date()
    const { id: childId } = await addChild(db, guardianId, { ...child, emergencyContactName: 'Alex Rivera', emergencyContactPhone: '+15550109999', notes: null }, now)
    const { registration } = await takePlace(db, { offering, userId: guardianId, childId, waiverVersion: null, idempotencyKey: null, now, today: daysFromToday(0), siteUrl: 'http://127.0.0.1' })
    ids.push(registration.id)
  }
  return ids
}
