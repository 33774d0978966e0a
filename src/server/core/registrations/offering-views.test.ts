import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addChild, createLeague, createRegistrant, createUser, daysFromToday, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { createTeam, join } from '../../../../tests/teams.ts'
import { facilityToday } from '../../../shared/format.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import { admit } from './admission.ts'
import { takePlace } from './engine.ts'
import { receiptPrefixOf } from './offerings.queries.ts'
import { findAcademyOffering } from '../../features/academies/academy-kind.ts'
import { findRegistrationView, listUserRegistrations } from './registrations.queries.ts'

/**
 * Every kind of place — a league place, a team's entry, a place on its roster, an academy place —
 * is read through the same view, which names what the place is in; and each takes its rules
 * (children or adults, ages, waiver) from its owner's row (issue 22).
 */
let ctx: TestApp
beforeAll(async () => {
  ctx = await startTestApp()
})
afterAll(() => ctx.close())

async function newAcademy(rules: { forChildren: boolean; minAge?: number; maxAge?: number; waiverRequired: boolean }): Promise<string> {
  const id = randomUUID()
  const { db } = ctx
  const at = timestampParam(db.dialect, new Date())
  await db.kysely
    .insertInto('academies')
    .values({
      id,
      name: `Goalkeeping Academy ${id.slice(0, 4)}`,
      description: null,
      isActive: boolParam(db.dialect, true),
      registrationDate: daysFromToday(-1),
      registrationDeadline: null,
      startDate: daysFromToday(30),
      endDate: daysFromToday(90),
      forChildren: boolParam(db.dialect, rules.forChildren),
      minAge: rules.minAge ?? null,
      maxAge: rules.maxAge ?? null,
      waiverRequired: boolParam(db.dialect, rules.waiverRequired),
      createdAt: at,
      updatedAt: at,
    })
    .execute()
  await db.kysely
    .insertInto('offerings')
    .values({ id: randomUUID(), kind: 'academy-place', leagueId: null, academyId: id, teamId: null, productId: null, capacity: 10, receiptPrefix: receiptPrefixOf(id), createdAt: at })
    .execute()
  return id
}

async function joinAcademy(user: TestUser, academyId: string, childId: string | null): Promise<RegisterResult> {
  const offering = (await findAcademyOffering(ctx.db, academyId))!
  const now = new Date()
  const today = facilityToday(now, ctx.config.site.timeZone)
  const admission = await admit(ctx.db, offering, { userId: user.id, childId, today })
  return takePlace(ctx.db, { ...admission, offering, userId: user.id, idempotencyKey: null, now, today, siteUrl: ctx.config.publicUrl, kinds: ctx.kinds })
}

describe('one view for every kind of place', () => {
  test('a league place, a team entry, a roster place and an academy place each name what they are in', async () => {
    const leagueId = await createLeague(ctx, { name: `View League ${randomUUID().slice(0, 4)}`, sport: 'soccer' })
    const teamLeagueId = await createLeague(ctx, { name: `View Teams ${randomUUID().slice(0, 4)}`, sport: 'basketball', kind: 'team', teamCapacity: 4, rosterMin: 1, rosterMax: 5, teamPayment: 'team-fee', teamFeeCents: 1000 })
    const academyId = await newAcademy({ forChildren: false, waiverRequired: false })
    const [person, player] = await Promise.all([createRegistrant(ctx), createRegistrant(ctx)])

    const leaguePlace = (await person.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})).body.registration
    const team = await createTeam(person, teamLeagueId, 'Viewers')
    expect((await join(player, team)).status).toBe(201)
    const academyPlace = (await joinAcademy(person, academyId, null)).registration
    // The engine answers with what it wrote and the offering's facts read apart: the same as any later read.
    for (const place of [leaguePlace, academyPlace]) expect(place).toEqual(await findRegistrationView(ctx.db, ctx.kinds, place.id))

    expect(leaguePlace.offering).toEqual(expect.objectContaining({ kind: 'league-place', ownerId: leagueId, details: { kind: 'league-place', league: { id: leagueId, sport: 'soccer' } } }))
    expect((await findRegistrationView(ctx.db, ctx.kinds, team.entry!.registrationId))!.offering).toEqual(
      expect.objectContaining({
        kind: 'team-place',
        ownerId: teamLeagueId,
        name: team.leagueName,
        details: { kind: 'team-place', league: { id: teamLeagueId, sport: 'basketball' }, team: { id: team.id, name: 'Viewers' } },
      }),
    )
    const [rosterPlace] = await listUserRegistrations(ctx.db, ctx.kinds, player.id)
    expect(rosterPlace!.offering).toEqual(
      expect.objectContaining({ kind: 'roster-place', ownerId: teamLeagueId, details: { kind: 'roster-place', league: { id: teamLeagueId, sport: 'basketball' }, team: { id: team.id, name: 'Viewers' } } }),
    )
    expect(academyPlace).toMatchObject({
      status: 'confirmed',
      offering: {
        kind: 'academy-place',
        name: expect.stringMatching(/^Goalkeeping Academy/),
        startDate: daysFromToday(30),
        endDate: daysFromToday(90),
        ownerId: academyId,
        details: { kind: 'academy-place', schedule: { weekdays: [], startTime: null, endTime: null, sessionDates: [] } },
      },
    })

    // A receipt by registration, whatever the place is in: the owner and staff; anyone else, not found.
    const receipt = await person.client.get<{ receipt: { offering: { kind: string }; receiptNumber: string } }>(`/api/registrations/${academyPlace.id}/receipt`)
    expect(receipt.status, receipt.text).toBe(200)
    expect(receipt.body.receipt).toMatchObject({ offering: { kind: 'academy-place' }, receiptNumber: academyPlace.receiptNumber })
    expect((await player.client.get(`/api/registrations/${academyPlace.id}/receipt`)).status).toBe(404)
    expect((await (await createUser(ctx, 'employee')).client.get(`/api/registrations/${academyPlace.id}/receipt`)).status).toBe(200)
    expect((await person.client.get(`/api/registrations/${team.entry!.registrationId}/receipt`)).status).toBe(200)

    const mine = await person.client.get<{ registrations: { offering: { kind: string } }[] }>('/api/registrations/mine')
    expect(mine.status, mine.text).toBe(200)
    expect(mine.body.registrations.map((r) => r.offering.kind).sort()).toEqual(['academy-place', 'league-place', 'roster-place', 'team-place'])
  })
})

describe('each kind tells its details', () => {
  test('a read asks each kind present once, with all its places', async () => {
    const [first, second] = await Promise.all([createLeague(ctx, { sport: 'soccer' }), createLeague(ctx, { sport: 'basketball' })])
    const academyId = await newAcademy({ forChildren: false, waiverRequired: false })
    const person = await createRegistrant(ctx)
    for (const leagueId of [first, second]) expect((await person.client.post(`/api/leagues/${leagueId}/registrations`, {})).status).toBe(201)
    await joinAcademy(person, academyId, null)

    const asked: { kind: string; owners: string[] }[] = []
    const counted = { ...ctx.kinds }
    for (const kind of ['league-place', 'academy-place'] as const) {
      const { details } = ctx.kinds[kind]
      Object.assign(counted, {
        [kind]: {
          ...ctx.kinds[kind],
          details: (db: Parameters<typeof details>[0], places: Parameters<typeof details>[1]) => {
            asked.push({ kind, owners: places.map((p) => p.ownerId).sort() })
            return details(db, places)
          },
        },
      })
    }
    const views = await listUserRegistrations(ctx.db, counted, person.id)
    expect(asked.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'academy-place', owners: [academyId] },
      { kind: 'league-place', owners: [first, second].sort() },
    ])
    expect(views.map((v) => v.offering.details).filter((d) => d.kind === 'league-place')).toEqual(
      expect.arrayContaining([
        { kind: 'league-place', league: { id: first, sport: 'soccer' } },
        { kind: 'league-place', league: { id: second, sport: 'basketball' } },
      ]),
    )
  })
})

describe('rules from the owner row', () => {
  test('an academy for children asks which child, checks ages against its own range and speaks of "this academy"', async () => {
    const academyId = await newAcademy({ forChildren: true, minAge: 12, maxAge: 14, waiverRequired: false })
    const parent = await createRegistrant(ctx)
    await expect(joinAcademy(parent, academyId, null)).rejects.toMatchObject({ reason: 'invalid', message: 'Choose which child to register.' })
    const young = await addChild(parent, { firstName: 'Pip', dateOfBirth: '2020-01-01' })
    await expect(joinAcademy(parent, academyId, young)).rejects.toMatchObject({ reason: 'invalid', message: expect.stringContaining('this academy is for ages 12–14') })
    const fits = await addChild(parent, { firstName: 'Ada', dateOfBirth: `${new Date().getUTCFullYear() - 13}-01-01` })
    const ada = (await joinAcademy(parent, academyId, fits)).registration
    expect(ada).toMatchObject({ status: 'confirmed', child: { name: 'Ada Rivera' } })
    expect(ada).toEqual(await findRegistrationView(ctx.db, ctx.kinds, ada.id))
  })

  test('an academy asking for the waiver refuses until it is signed; one that does not, takes the place', async () => {
    const strict = await newAcademy({ forChildren: false, waiverRequired: true })
    const relaxed = await newAcademy({ forChildren: false, waiverRequired: false })
    const unsigned = await createUser(ctx, 'customer')
    await expect(joinAcademy(unsigned, strict, null)).rejects.toMatchObject({ reason: 'conflict', fields: { waiver: 'WAIVER_REQUIRED' } })
    expect((await joinAcademy(unsigned, relaxed, null)).registration.status).toBe('confirmed')
  })
})
