import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { setUserRole } from '../src/server/features/users/users.queries.ts'
import { insertLeague, type NewLeague } from '../src/server/features/leagues/leagues.queries.ts'
import type { Role } from '../src/shared/roles.ts'
import type { SessionUser } from '../src/shared/contracts/session.ts'
import type { LeagueFormValues } from '../src/shared/schemas/league.ts'
import type { ProductFormValues } from '../src/shared/schemas/product.ts'
import { linkInNewestEmail, newestEmailTo } from './emails.ts'
import type { TestApp, TestClient } from './test-app.ts'
import { loadConfig } from '../src/server/config.ts'
import { facilityToday } from '../src/shared/format.ts'
import { addDays } from '../src/shared/registration-window.ts'

export interface TestUser {
  id: string
  email: string
  password: string
  displayName: string
  role: Role
  /** Signed in as this user. */
  client: TestClient
}

export function newUserInput(overrides: Partial<{ email: string; password: string; name: string; phone: string }> = {}) {
  const tag = randomUUID().slice(0, 8)
  return {
    email: `person-${tag}@example.com`,
    password: `secret-${tag}`,
    name: `Person ${tag}`,
    phone: '555-010-1234',
    ...overrides,
  }
}

/** The newest email queued for an address, or undefined. */
export async function latestEmailTo(ctx: TestApp, to: string) {
  return newestEmailTo(ctx.db, to)
}

/** The first link in the newest email to `to`; with `path`, waits for one linking there. */
export function linkInLatestEmail(ctx: TestApp, to: string, path?: string): Promise<string> {
  return linkInNewestEmail(ctx.db, to, path)
}

/**
 * Creates an account through the real Create Account endpoint — and, when accounts are
 * confirmed by email, the link of its confirmation email — which signs the client in; then
 * gives it a role.
 */
export async function createUser(ctx: TestApp, role: Role = 'customer'): Promise<TestUser> {
  const input = newUserInput()
  const client = ctx.client()
  const res = await client.post('/api/auth/sign-up/email', input)
  expect(res.status, res.text).toBe(200)
  if (ctx.config.accountConfirmation === 'email') {
    const confirmed = await client.get(await linkInLatestEmail(ctx, input.email))
    expect(confirmed.status, confirmed.text).toBe(302)
  }
  const session = await client.get<{ user: SessionUser }>('/api/session')
  const id = session.body.user.uid
  if (role !== 'customer') await setUserRole(ctx.db, id, role)
  return { id, email: input.email, password: input.password, displayName: input.name, role, client }
}

const facilityTimeZone = loadConfig({}).site.timeZone

/** An ISO calendar date `days` from today where the facility is, the day the server counts in. */
export function daysFromToday(days: number): string {
  return addDays(facilityToday(new Date(), facilityTimeZone), days)
}

/** An active individual league whose registration is open now. */
export function leagueInput(overrides: Partial<NewLeague> = {}): NewLeague {
  return {
    name: `League ${randomUUID().slice(0, 6)}`,
    sport: 'soccer',
    kind: 'individual',
    description: null,
    isActive: true,
    registrationDate: daysFromToday(-10),
    startDate: daysFromToday(20),
    endDate: daysFromToday(90),
    priceCents: 4500,
    capacity: null,
    ...overrides,
  }
}

export async function createLeague(ctx: TestApp, overrides: Partial<NewLeague> = {}): Promise<string> {
  return insertLeague(ctx.db, leagueInput(overrides))
}

/** Signs the current waiver for the user (or one of their children) through the API. */
export async function signWaiver(user: TestUser, childId?: string): Promise<void> {
  const res = await user.client.post('/api/waiver/signatures', { signedName: user.displayName, agree: 'yes', ...(childId ? { childId } : {}) })
  expect(res.status, res.text).toBe(201)
}

/** A valid Add a child form, as the browser sends it. */
export const CHILD_FORM = {
  firstName: 'Sam',
  lastName: 'Rivera',
  dateOfBirth: '2018-05-20',
  emergencyContactName: 'Alex Rivera',
  emergencyContactPhone: '555-010-9999',
  notes: '',
} as const

export async function addChild(user: TestUser, overrides: Partial<Record<string, string>> = {}): Promise<string> {
  const res = await user.client.post<{ child: { id: string } }>('/api/children', { ...CHILD_FORM, ...overrides })
  expect(res.status, res.text).toBe(201)
  return res.body.child.id
}

/** A signed-in customer who has signed the current waiver. */
export async function createRegistrant(ctx: TestApp): Promise<TestUser> {
  const user = await createUser(ctx, 'customer')
  await signWaiver(user)
  return user
}

/** A valid form as the browser sends it: every value a string. */
export function leagueForm(overrides: Partial<LeagueFormValues> = {}): LeagueFormValues {
  return {
    name: `League ${randomUUID().slice(0, 6)}`,
    sport: 'soccer',
    kind: 'individual',
    description: '',
    isActive: 'true',
    registrationDate: daysFromToday(-10),
    startDate: daysFromToday(20),
    endDate: daysFromToday(90),
    registrationDeadline: '',
    price: '45.50',
    priceProduct: '',
    capacity: '',
    minimum: '',
    payAtSignUp: 'false',
    teamCapacity: '',
    rosterMin: '',
    rosterMax: '',
    rosterDeadline: '',
    teamPayment: 'player-fee',
    teamFee: '',
    teamFeeProduct: '',
    minAge: '',
    maxAge: '',
    ...overrides,
  }
}

/** A valid product form as the price list sends it: a league player fee of $45, nothing else set. */
export function productForm(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    name: `Fee ${randomUUID().slice(0, 6)}`,
    purpose: 'player-fee',
    listPrice: '45',
    earlyBirdPrice: '',
    earlyBirdUntil: '',
    familyDiscount: '',
    planDeposit: '',
    planDue1: '',
    planDue2: '',
    planDue3: '',
    sizes: '',
    lateSignUps: 'full',
    isActive: 'true',
    ...overrides,
  }
}
