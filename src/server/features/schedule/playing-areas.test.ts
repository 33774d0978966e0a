import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import type { PlayingArea } from '../../../shared/contracts/schedule.ts'
import { SCHEDULE_MESSAGES } from '../../../shared/schemas/schedule.ts'

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

type Answer = { area: PlayingArea; error?: { message: string; fields?: Record<string, string> } }
const create = (body: unknown, as = admin) => as.client.post<Answer>('/api/admin/playing-areas', body)
const entriesOf = (id: string) => ctx.db.kysely.selectFrom('auditEntries').select(['action', 'staffId', 'entityLabel', 'before', 'after']).where('entityId', '=', id).orderBy('at').execute()

describe('playing areas', () => {
  test('an admin adds one, renames it, changes its sports and deletes it, each audited', async () => {
    const made = await create({ name: '  Court 7 ', sports: ['basketball', 'kids'] })
    expect(made.status, made.text).toBe(201)
    const { id } = made.body.area
    expect(made.body.area).toMatchObject({ name: 'Court 7', sports: ['basketball', 'kids'], games: 0, leagues: [] })

    const renamed = await admin.client.post<Answer>(`/api/admin/playing-areas/${id}`, { name: 'Court Seven' })
    expect(renamed.status, renamed.text).toBe(200)
    expect(renamed.body.area).toMatchObject({ name: 'Court Seven', sports: ['basketball', 'kids'] })
    const sports = await admin.client.post<Answer>(`/api/admin/playing-areas/${id}`, { sports: ['soccer'] })
    expect(sports.body.area).toMatchObject({ name: 'Court Seven', sports: ['soccer'] })
    const same = await admin.client.post<Answer>(`/api/admin/playing-areas/${id}`, { name: 'Court Seven', sports: ['soccer'] })
    expect(same.body.area.updatedAt).toBe(sports.body.area.updatedAt)

    const listed = await admin.client.get<{ areas: PlayingArea[] }>('/api/admin/playing-areas')
    expect(listed.body.areas.map((a) => a.name)).toContain('Court Seven')

    const deleted = await admin.client.post(`/api/admin/playing-areas/${id}/delete`, {})
    expect(deleted.status, deleted.text).toBe(200)
    expect(deleted.body).toEqual({ deleted: id })
    expect((await admin.client.get<{ areas: PlayingArea[] }>('/api/admin/playing-areas')).body.areas.map((a) => a.id)).not.toContain(id)
    expect((await admin.client.post(`/api/admin/playing-areas/${id}/delete`, {})).status).toBe(404)

    const entries = await entriesOf(id)
    expect(entries.map((e) => [e.action, e.staffId])).toEqual([
      ['playing-area-created', admin.id],
      ['playing-area-changed', admin.id],
      ['playing-area-changed', admin.id],
      ['playing-area-deleted', admin.id],
    ])
    expect(JSON.parse(entries[1]!.before!)).toEqual({ name: 'Court 7' })
    expect(JSON.parse(entries[1]!.after!)).toEqual({ name: 'Court Seven' })
    expect(JSON.parse(entries[3]!.before!)).toEqual({ name: 'Court Seven', sports: ['soccer'] })
  })

  test('a name taken in another letter case or spacing is refused with 409, also when renaming', async () => {
    expect((await create({ name: 'Turf Field', sports: ['soccer'] })).status).toBe(201)
    const again = await create({ name: 'turf  field', sports: ['football'] })
    expect(again.status).toBe(409)
    expect(again.body.error!.message).toBe(SCHEDULE_MESSAGES.areaTaken('turf  field'))
    const other = await create({ name: 'Back Field', sports: ['soccer'] })
    const rename = await admin.client.post<Answer>(`/api/admin/playing-areas/${other.body.area.id}`, { name: 'TurfField' })
    expect(rename.status).toBe(409)
    expect((await entriesOf(other.body.area.id)).map((e) => e.action)).toEqual(['playing-area-created'])
  })

  test('two admins adding one name at once: one area is added, the other is told the name is taken', async () => {
    const other = await createUser(ctx, 'admin')
    const answers = await Promise.all([admin, other, admin, other].map((who, i) => create({ name: i % 2 ? 'Race Court' : 'race court', sports: ['basketball'] }, who)))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409])
  })

  test.each([
    [{ name: '', sports: ['soccer'] }, 'Write the playing area’s name.'],
    [{ name: 'x'.repeat(61), sports: ['soccer'] }, 'Keep the name to 60 characters.'],
    [{ name: 'Court\n9', sports: ['soccer'] }, 'Keep the name to one line of visible characters.'],
    [{ name: 'Court 9', sports: [] }, 'Choose at least one sport it can host.'],
    [{ name: 'Court 9', sports: ['curling'] }, 'Choose sports from: soccer, basketball, football, baseball, kids.'],
    [{ name: 'Court 9', sports: ['soccer', 'soccer'] }, 'Choose each sport once.'],
    [{ name: 'Court 9' }, 'Choose the sports it can host.'],
  ])('%j is refused: %s', async (body, message) => {
    const res = await create(body)
    expect(res.status).toBe(400)
    expect(res.body.error!.message).toBe(message)
  })

  test('an unknown area is a 404 to change or delete', async () => {
    expect((await admin.client.post('/api/admin/playing-areas/nope', { name: 'X' })).status).toBe(404)
    expect((await admin.client.post('/api/admin/playing-areas/nope/delete', {})).status).toBe(404)
  })

  test('customers and employees are refused', async () => {
    for (const who of [await createUser(ctx, 'customer'), await createUser(ctx, 'employee')]) {
      expect((await who.client.get('/api/admin/playing-areas')).status).toBe(403)
      expect((await create({ name: 'Sneaky Court', sports: ['soccer'] }, who)).status).toBe(403)
    }
  })
})
