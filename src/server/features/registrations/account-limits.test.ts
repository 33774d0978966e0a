import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createLeague, createUser, daysFromToday, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { academySoon } from '../../../../tests/academy-places.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { insertAcademy } from '../academies/academies.queries.ts'

/**
 * No one account takes a whole offering (issue 30): an account has at most
 * MAX_CHILDREN_PER_ACCOUNT children, and holds at most MAX_PLACES_PER_ACCOUNT live places
 * (confirmed, held, offered, waitlisted) in one league or academy, decided with the offering's row
 * held so that one request with many children and many requests at once agree; staff at the desk
 * may go past it. This app lets an account keep 30 children, to reach the places limit with 20.
 */
let ctx: TestApp
let desk: TestUser
beforeAll(async () => {
  ctx = await startTestApp({ env: { MAX_CHILDREN_PER_ACCOUNT: '30' } })
  desk = await createUser(ctx, 'employee')
})
afterAll(() => ctx.close())

type Refused = { error: { message: string } }

async function family(size: number): Promise<{ parent: TestUser; ids: string[] }> {
  const parent = await createUser(ctx)
  const ids: string[] = []
  for (let i = 0; i < size; i++) {
    const id = await addChild(parent, { firstName: `Kid${String.fromCharCode(65 + i)}`, dateOfBirth: addDays(daysFromToday(30), -9 * 366) })
    await signWaiver(parent, id)
    ids.push(id)
  }
  return { parent, ids }
}

const academy = () => insertAcademy(ctx.db, academySoon())

const placesOf = (userId: string) => ctx.db.kysely.selectFrom('registrations').select(['status']).where('userId', '=', userId).execute()

describe('places one account holds in one offering', () => {
  test('20 children for an academy of 20, in two sign-ups of 10 at once, are refused whole; six are taken; another family still gets its places', async () => {
    const academyId = await academy()
    const { parent, ids } = await family(20)
    const signUp = (childIds: string[]) => parent.client.post<Refused>(`/api/academies/${academyId}/registrations`, { participants: childIds.map((childId) => ({ childId, photoConsent: true })) })
    const both = await Promise.all([signUp(ids.slice(0, 10)), signUp(ids.slice(10))])
    expect(both.map((res) => res.status)).toEqual([409, 409])
    expect(both[0]!.body.error.message).toMatch(/^An account can hold at most 6 places in Skills Academy \w+, the waitlist included/)
    expect(await placesOf(parent.id)).toEqual([])

    const six = await parent.client.post<AcademySignUpResult>(`/api/academies/${academyId}/registrations`, { participants: ids.slice(0, 6).map((childId) => ({ childId, photoConsent: true })) })
    expect(six.status, six.text).toBe(201)
    const seventh = await parent.client.post<Refused>(`/api/academies/${academyId}/registrations`, { participants: [{ childId: ids[6]!, photoConsent: true }] })
    expect(seventh.status).toBe(409)
    expect(seventh.body.error.message).toContain('Ask at the front desk')

    const other = await family(3)
    const theirs = await other.parent.client.post<AcademySignUpResult>(`/api/academies/${academyId}/registrations`, { participants: other.ids.map((childId) => ({ childId, photoConsent: true })) })
    expect(theirs.status, theirs.text).toBe(201)
    expect(theirs.body.registrations.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed'])
  })

  test('20 requests at once for 20 children in a league of 20 take 6 places; the waitlist counts too; the desk may go past it', async () => {
    const leagueId = await createLeague(ctx, { sport: 'kids', minAge: 6, maxAge: 12, capacity: 20 })
    const { parent, ids } = await family(20)
    const answers = await Promise.all(ids.map((childId) => parent.client.post<RegisterResult & Refused>(`/api/leagues/${leagueId}/registrations`, { childId })))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused.map((a) => a.status)).toEqual(Array(14).fill(409))
    expect(refused[0]!.body.error.message).toMatch(/at most 6 places/)
    expect(await placesOf(parent.id)).toHaveLength(6)

    const other = await family(1)
    const theirs = await other.parent.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, { childId: other.ids[0] })
    expect(theirs.status, theirs.text).toBe(201)
    expect(theirs.body.registration.status).toBe('confirmed')

    const taken = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.registration.child!.id))
    const left = ids.filter((id) => !taken.has(id))
    const atDesk = await desk.client.post<RegisterResult>(`/api/desk/customers/${parent.id}/registrations`, { leagueId, childId: left[0] })
    expect(atDesk.status, atDesk.text).toBe(201)
    expect(await placesOf(parent.id)).toHaveLength(7)
  })

  test('a full league’s waitlist positions count: the seventh child of one account is refused, not waitlisted', async () => {
    const leagueId = await createLeague(ctx, { sport: 'kids', minAge: 6, maxAge: 12, capacity: 1 })
    const { parent, ids } = await family(7)
    for (const childId of ids.slice(0, 6)) {
      const res = await parent.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, { childId })
      expect(res.status, res.text).toBe(201)
    }
    const seventh = await parent.client.post<Refused>(`/api/leagues/${leagueId}/registrations`, { childId: ids[6] })
    expect(seventh.status).toBe(409)
  })
})

describe('children on one account', () => {
  test('past the limit a child is refused with a sentence, also when many are added at once', async () => {
    const limited = await startTestApp({ env: { MAX_CHILDREN_PER_ACCOUNT: '8' } })
    try {
      const parent = await createUser(limited)
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => parent.client.post<Refused>('/api/children', { firstName: `Kid${String.fromCharCode(65 + i)}`, lastName: 'Rivera', dateOfBirth: '2018-05-20', emergencyContactName: 'Alex Rivera', emergencyContactPhone: '555-010-9999', notes: '' })))
      expect(answers.filter((a) => a.status === 201)).toHaveLength(8)
      const refused = answers.filter((a) => a.status !== 201)
      expect(refused.map((a) => a.status)).toEqual([409, 409, 409, 409])
      expect(refused[0]!.body.error.message).toBe('An account can have at most 8 children. Ask at the front desk to add more.')
      const listed = await parent.client.get<{ children: unknown[] }>('/api/children')
      expect(listed.body.children).toHaveLength(8)
    } finally {
      await limited.close()
    }
  })
})
