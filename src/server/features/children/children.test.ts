import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, CHILD_FORM, createLeague, createRegistrant, signWaiver, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { Child } from '../../../shared/contracts/children.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const childrenOf = async (user: TestUser) => (await user.client.get<{ children: Child[] }>('/api/children')).body.children
const remove = (user: TestUser, childId: string) => user.client.post<{ removed: string }>(`/api/children/${childId}/remove`, {})
const kidsLeague = () => createLeague(ctx, { sport: 'kids', kind: 'individual', minAge: 3, maxAge: 17 })

describe("a guardian's children", () => {
  test('a child born more than 30 years ago is refused, added or edited, saying from when', async () => {
    const guardian = await createRegistrant(ctx)
    const oldest = `${new Date().getFullYear() - 30}`
    const res = await guardian.client.post<{ error: { fields: Record<string, string> } }>('/api/children', { ...CHILD_FORM, dateOfBirth: '1850-01-01' })
    expect(res.status, res.text).toBe(400)
    expect(res.body.error.fields.dateOfBirth).toMatch(new RegExp(`^Date of birth must be after \\d{1,2}/\\d{1,2}/${oldest}\\.$`))
    const childId = await addChild(guardian)
    expect((await guardian.client.post(`/api/children/${childId}`, { ...CHILD_FORM, dateOfBirth: '1850-01-01' })).status).toBe(400)
  })

  test('a child is edited: every field saved, read back the same', async () => {
    const guardian = await createRegistrant(ctx)
    const childId = await addChild(guardian)
    const edited = { ...CHILD_FORM, firstName: 'Samuel', dateOfBirth: '2018-06-01', notes: 'Asthma inhaler in the bag.' }
    const res = await guardian.client.post<{ child: Child }>(`/api/children/${childId}`, edited)
    expect(res.status, res.text).toBe(200)
    expect((await childrenOf(guardian)).find((c) => c.id === childId)).toMatchObject({ firstName: 'Samuel', dateOfBirth: '2018-06-01', notes: 'Asthma inhaler in the bag.' })
  })

  test('a child who holds no registration is removed, with the waivers signed for them', async () => {
    const guardian = await createRegistrant(ctx)
    const childId = await addChild(guardian)
    await signWaiver(guardian, childId)
    expect((await childrenOf(guardian))[0]!.removable).toBe(true)
    const res = await remove(guardian, childId)
    expect(res.status, res.text).toBe(200)
    expect(res.body.removed).toBe(childId)
    expect(await childrenOf(guardian)).toEqual([])
    expect((await remove(guardian, childId)).status).toBe(404)
  })

  test('Remove tapped twice at once removes the child once; the second tap is told there is no such child, not that they stay', async () => {
    const guardian = await createRegistrant(ctx)
    const childId = await addChild(guardian)
    const answers = await Promise.all([remove(guardian, childId), remove(guardian, childId)])
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join(' ')).toEqual([200, 404])
    expect(await childrenOf(guardian)).toEqual([])
  })

  test('a child with a registration, even a cancelled one, stays, and the guardian is told why', async () => {
    const guardian = await createRegistrant(ctx)
    const childId = await addChild(guardian)
    await signWaiver(guardian, childId)
    const registered = await guardian.client.post<{ registration: { id: string } }>(`/api/leagues/${await kidsLeague()}/registrations`, { childId })
    expect(registered.status, registered.text).toBe(201)
    const held = await remove(guardian, childId)
    expect(held.status).toBe(409)
    expect(held.text).toContain('Sam has registrations on record, so they stay on your account')

    expect((await guardian.client.post(`/api/registrations/${registered.body.registration.id}/cancel`, {})).status).toBe(200)
    expect((await remove(guardian, childId)).status).toBe(409)
    expect(await childrenOf(guardian)).toMatchObject([{ id: childId, removable: false }])
  })

  test("someone else's child cannot be removed or edited, and is not told apart from no child", async () => {
    const guardian = await createRegistrant(ctx)
    const stranger = await createRegistrant(ctx)
    const childId = await addChild(guardian)
    const removing = await remove(stranger, childId)
    expect(removing.status).toBe(404)
    expect(removing.text).toContain('There is no such child on your account.')
    expect((await stranger.client.post(`/api/children/${childId}`, CHILD_FORM)).status).toBe(404)
    expect(await childrenOf(guardian)).toHaveLength(1)
  })

  test('removing a child while registering them ends one way: registered and kept, or removed and refused', async () => {
    const leagueId = await kidsLeague()
    for (let i = 0; i < 15; i++) {
      const guardian = await createRegistrant(ctx)
      const childId = await addChild(guardian)
      await signWaiver(guardian, childId)
      const [registering, removing] = await Promise.all([
        guardian.client.post(`/api/leagues/${leagueId}/registrations`, { childId }),
        remove(guardian, childId),
      ])
      expect(registering.status, registering.text).toBeLessThan(500)
      expect(removing.status, removing.text).toBeLessThan(500)
      if (removing.status === 200) {
        // The child, or the waiver signed for them, is gone: a clear refusal either way.
        expect([404, 409], registering.text).toContain(registering.status)
        expect(await childrenOf(guardian)).toEqual([])
      } else {
        expect(removing.status).toBe(409)
        expect(registering.status, registering.text).toBe(201)
      }
    }
  })
})
