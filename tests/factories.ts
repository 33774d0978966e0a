import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { setUserRole } from '../src/server/features/users/users.queries.ts'
import { insertLeague, type NewLeague } from '../src/server/features/leagues/leagues.queries.ts'
import type { Role, SessionUser } from '../src/shared/roles.ts'
import type { TestApp, TestClient } from './test-app.ts'

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

/** Creates an account through the real sign-up endpoint, then gives it a role. */
export async function createUser(ctx: TestApp, role: Role = 'customer'): Promise<TestUser> {
  const input = newUserInput()
  const client = ctx.client()
  const res = await client.post('/api/auth/sign-up/email', input)
  expect(res.status, res.text).toBe(200)
  const session = await client.get<{ user: SessionUser }>('/api/session')
  const id = session.body.user.uid
  if (role !== 'customer') await setUserRole(ctx.db, id, role)
  return { id, email: input.email, password: input.password, displayName: input.name, role, client }
}

export function leagueInput(overrides: Partial<NewLeague> = {}): NewLeague {
  return {
    name: `League ${randomUUID().slice(0, 6)}`,
    sport: 'soccer',
    kind: 'individual',
    description: null,
    isActive: true,
    registrationDate: '2027-01-05',
    startDate: '2027-01-15',
    endDate: '2027-03-15',
    ...overrides,
  }
}

export async function createLeague(ctx: TestApp, overrides: Partial<NewLeague> = {}): Promise<string> {
  return insertLeague(ctx.db, leagueInput(overrides))
}
