import { afterAll, beforeAll, expect, test } from 'vitest'
import { addChild, createUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { up } from './0019-phones-in-one-form.ts'

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

test('phones saved before are written as E.164; one that cannot be read stays as typed', async () => {
  const [typed, foreign, local] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)])
  const childId = await addChild(typed)
  const { kysely } = ctx.db
  // As forms saved them before: what the person typed, spaces collapsed.
  await kysely.updateTable('users').set({ phone: '(555) 010-1234' }).where('id', '=', typed.id).execute()
  await kysely.updateTable('users').set({ phone: '+44 20 7946 0958' }).where('id', '=', foreign.id).execute()
  await kysely.updateTable('users').set({ phone: '555-0100' }).where('id', '=', local.id).execute()
  await kysely.updateTable('children').set({ emergencyContactPhone: '555.010.9999' }).where('id', '=', childId).execute()

  await up(kysely as never)

  const phones = Object.fromEntries(
    (await kysely.selectFrom('users').select(['id', 'phone']).where('id', 'in', [typed.id, foreign.id, local.id]).execute()).map((u) => [u.id, u.phone]),
  )
  expect(phones).toEqual({ [typed.id]: '+15550101234', [foreign.id]: '+442079460958', [local.id]: '555-0100' })
  expect((await kysely.selectFrom('children').select('emergencyContactPhone').where('id', '=', childId).executeTakeFirstOrThrow()).emergencyContactPhone).toBe(
    '+15550109999',
  )
})
