import { randomUUID } from 'node:crypto'
import { insertAcademy, type NewAcademy } from '../src/server/features/academies/academies.queries.ts'
import { takePlace } from '../src/server/core/registrations/engine.ts'
import { findAcademyOffering } from '../src/server/features/academies/academy-kind.ts'
import type { RegistrationView } from '../src/shared/contracts/registrations.ts'
import { addChild, createUser, daysFromToday, type TestUser } from './factories.ts'
import type { TestApp } from './test-app.ts'

/** Academies with places taken through the engine, as the sign-up page takes them. */

/** An open academy for 8–10 year olds on Tuesdays and Thursdays at 6 PM, needing no waiver. */
export function academyInput(overrides: Partial<NewAcademy> = {}): NewAcademy {
  return {
    name: `Skills Academy ${randomUUID().slice(0, 6)}`,
    sport: 'soccer',
    coach: 'Coach Daniela Ortiz',
    location: 'Field 1',
    isActive: true,
    forChildren: true,
    minAge: 8,
    maxAge: 10,
    weekdays: [2, 4],
    startTime: '18:00',
    endTime: '19:00',
    registrationDate: daysFromToday(-1),
    startDate: '2027-01-05',
    endDate: '2027-01-28',
    capacity: 16,
    priceCents: 18_000,
    waiverRequired: false,
    ...overrides,
  }
}

/**
 * An academy for 6–12 year olds starting in 30 days for four weeks, 20 places at $180, with the
 * waiver asked as an academy is by default: what the price, limit and desk tests sign families up for.
 */
export function academySoon(overrides: Partial<NewAcademy> = {}): NewAcademy {
  const { waiverRequired: _asked, ...input } = academyInput({ minAge: 6, maxAge: 12, startDate: daysFromToday(30), endDate: daysFromToday(57), capacity: 20 })
  return { ...input, ...overrides }
}

export function createAcademy(ctx: TestApp, overrides: Partial<NewAcademy> = {}): Promise<string> {
  return insertAcademy(ctx.db, academyInput(overrides))
}

/** A place in the academy for a child of `guardian` (a new customer when not given), born to fit 8–10. */
export async function placeChild(
  ctx: TestApp,
  academyId: string,
  { guardian, firstName = 'Sam', dateOfBirth = '2017-06-01' }: { guardian?: TestUser; firstName?: string; dateOfBirth?: string } = {},
): Promise<{ guardian: TestUser; registration: RegistrationView }> {
  const holder = guardian ?? (await createUser(ctx))
  const childId = await addChild(holder, { firstName, dateOfBirth })
  return { guardian: holder, registration: await take(ctx, academyId, holder.id, childId) }
}

/** A place in an adults' academy for the account holder. */
export async function placeAdult(ctx: TestApp, academyId: string, person?: TestUser): Promise<{ person: TestUser; registration: RegistrationView }> {
  const holder = person ?? (await createUser(ctx))
  return { person: holder, registration: await take(ctx, academyId, holder.id, null) }
}

async function take(ctx: TestApp, academyId: string, userId: string, childId: string | null): Promise<RegistrationView> {
  const offering = await findAcademyOffering(ctx.db, academyId)
  if (!offering) throw new Error(`academy ${academyId} has no open places`)
  const now = new Date()
  const { registration } = await takePlace(ctx.db, { offering, userId, childId, waiverVersion: null, idempotencyKey: null, now, today: daysFromToday(0), siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })
  return registration
}
