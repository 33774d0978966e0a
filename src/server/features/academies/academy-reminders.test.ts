import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAcademy, placeChild } from '../../../../tests/academy-places.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { sendFirstSessionReminders } from './academy-reminders.ts'

/**
 * The reminder two days before an academy's first session (issue 23): sent from the session's
 * wall-clock time two facility days before, once per place, whichever instance sweeps first.
 */

let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

const sweep = (at: string) => sendFirstSessionReminders(ctx.db, { now: new Date(at), timeZone: ctx.config.site.timeZone, siteUrl: ctx.config.publicUrl })
const remindersTo = async (to: string) =>
  (await ctx.db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', to).execute()).filter((e) => / starts on /.test(e.subject))

describe('two days before the first session', () => {
  test('across the spring-forward change: from 6 PM two days before (not 48 hours), once, each family naming their children', async () => {
    expect(ctx.config.site.timeZone).toBe('America/New_York')
    // Monday March 15 2027 at 6 PM EDT (22:00 UTC); clocks went forward on Sunday the 14th, so
    // Saturday the 13th at 6 PM EST is 23:00 UTC, 47 hours before.
    const academyId = await createAcademy(ctx, { weekdays: [1], startDate: '2027-03-15', endDate: '2027-04-05', capacity: 3 })
    const sam = await placeChild(ctx, academyId, { firstName: 'Sam' })
    await placeChild(ctx, academyId, { firstName: 'Alex', guardian: sam.guardian })
    const mia = await placeChild(ctx, academyId, { firstName: 'Mia' })
    const waiting = await placeChild(ctx, academyId, { firstName: 'Zoe' })

    expect(await sweep('2027-03-13T22:00:00Z')).toBe(0) // 48 hours before: 5 PM EST, too early
    expect(await sweep('2027-03-13T22:59:59Z')).toBe(0)
    expect(await sweep('2027-03-13T23:00:00Z')).toBe(2)
    expect(await sweep('2027-03-14T12:00:00Z')).toBe(0)

    const [family] = await remindersTo(sam.guardian.email)
    expect(await remindersTo(sam.guardian.email)).toHaveLength(1)
    expect(family!.subject).toMatch(/^Skills Academy \w+ starts on 3\/15\/2027$/)
    expect(family!.text).toContain('starts on 3/15/2027 at 6:00 PM, Field 1, and Alex and Sam are registered.')
    expect(await remindersTo(mia.guardian.email)).toHaveLength(1)
    expect(await remindersTo(waiting.guardian.email)).toHaveLength(0)
  })

  test('a place taken after the reminders went out gets its own; the others are not reminded again', async () => {
    const academyId = await createAcademy(ctx, { weekdays: [2], startDate: '2027-05-04', endDate: '2027-05-25' })
    const first = await placeChild(ctx, academyId)
    expect(await sweep('2027-05-02T22:00:00Z')).toBe(1) // Sunday 6 PM EDT
    const late = await placeChild(ctx, academyId)
    expect(await sweep('2027-05-03T12:00:00Z')).toBe(1)
    expect(await remindersTo(first.guardian.email)).toHaveLength(1)
    expect(await remindersTo(late.guardian.email)).toHaveLength(1)
  })

  test('two instances sweeping at the same moment, several times over, send each reminder once', async () => {
    const academyId = await createAcademy(ctx, { weekdays: [2], startDate: '2027-06-01', endDate: '2027-06-29', capacity: 12 })
    const families = await Promise.all(Array.from({ length: 8 }, () => placeChild(ctx, academyId)))
    const sent = await Promise.all(Array.from({ length: 6 }, () => sweep('2027-05-30T22:30:00Z')))
    expect(sent.reduce((a, b) => a + b, 0)).toBe(8)
    for (const { guardian } of families) expect(await remindersTo(guardian.email)).toHaveLength(1)
  })

  test('nobody is reminded once the first session has begun, nor before an academy whose first day is skipped', async () => {
    const started = await createAcademy(ctx, { weekdays: [4], startDate: '2027-07-01', endDate: '2027-07-29' })
    const { guardian } = await placeChild(ctx, started)
    expect(await sweep('2027-07-01T22:00:00Z')).toBe(0) // Thursday 6 PM EDT: it has begun
    expect(await remindersTo(guardian.email)).toHaveLength(0)

    // Its first day skipped, the academy starts a week later: no reminder two days before the skipped day.
    const skipped = await createAcademy(ctx, { weekdays: [4], startDate: '2027-08-05', endDate: '2027-08-26', skippedDates: ['2027-08-05'] })
    const family = await placeChild(ctx, skipped)
    expect(await sweep('2027-08-03T22:00:00Z')).toBe(0)
    expect(await sweep('2027-08-10T22:00:00Z')).toBe(1)
    expect((await remindersTo(family.guardian.email))[0]?.subject).toMatch(/starts on 8\/12\/2027$/)
  })
})
