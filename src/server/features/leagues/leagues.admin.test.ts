import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLeague, createRegistrant, createUser, daysFromToday, leagueForm, type TestUser } from '../../../../tests/factories.ts'
import { startTestApp, type TestApp } from '../../../../tests/test-app.ts'
import { LEAGUE_MESSAGES, type LeagueFormValues } from '../../../shared/schemas/league.ts'
import type { AdminLeague, SaveLeagueResult } from '../../../shared/contracts/leagues.ts'
import type { RegisterResult, RegistrationView } from '../../../shared/contracts/registrations.ts'
import type { OpenLeague } from '../../../shared/contracts/leagues.ts'
import type { ActiveLeague } from '../../../shared/sports.ts'
import { findLeagueOffering, leaguePlaces } from '../registrations/league-places.ts'

let ctx: TestApp
let admin: TestUser
beforeAll(async () => {
  ctx = await startTestApp()
  admin = await createUser(ctx, 'admin')
})
afterAll(() => ctx.close())

interface ErrorBody {
  error: { message: string; fields?: Record<string, string> }
}

const create = (body: unknown, as: TestUser = admin) => as.client.post<SaveLeagueResult & ErrorBody>('/api/admin/leagues', body)
const update = (leagueId: string, body: unknown, as: TestUser = admin) =>
  as.client.post<SaveLeagueResult & ErrorBody>(`/api/admin/leagues/${leagueId}`, body)

async function createValid(overrides: Partial<LeagueFormValues> = {}): Promise<AdminLeague> {
  const res = await create(leagueForm(overrides))
  expect(res.status, res.text).toBe(201)
  return res.body.league
}

async function adminLeague(leagueId: string): Promise<AdminLeague | undefined> {
  const res = await admin.client.get<{ leagues: AdminLeague[] }>('/api/admin/leagues')
  return res.body.leagues.find((l) => l.id === leagueId)
}

const register = (user: TestUser, leagueId: string) => user.client.post<RegisterResult>(`/api/leagues/${leagueId}/registrations`, {})

async function mine(user: TestUser): Promise<RegistrationView[]> {
  return (await user.client.get<{ registrations: RegistrationView[] }>('/api/registrations/mine')).body.registrations
}

describe('creating a league', () => {
  test('one dated entirely in the past is refused, saying its end date has passed; an existing league is still edited', async () => {
    const res = await create(leagueForm({ registrationDate: '2019-01-01', startDate: '2019-03-01', endDate: '2019-04-01' }))
    expect(res.status, res.text).toBe(400)
    const said = 'The end date (4/1/2019) has already passed: a new league must end today or later.'
    expect(res.body.error).toEqual({ message: said, fields: { endDate: said } })
    expect((await create(leagueForm({ registrationDate: daysFromToday(-30), startDate: daysFromToday(-20), endDate: daysFromToday(0) }))).status).toBe(201)
    const league = await createValid()
    expect((await update(league.id, { description: 'Still here' })).status).toBe(200)
  })

  test('the form strings become a league: dollars to cents, empty capacity means no limit', async () => {
    const res = await create(leagueForm({ name: 'Winter Soccer', description: 'Coed 7v7', price: '45.50', capacity: '' }))
    expect(res.status).toBe(201)
    expect(res.body.league).toMatchObject({
      name: 'Winter Soccer',
      sport: 'soccer',
      kind: 'individual',
      description: 'Coed 7v7',
      isActive: true,
      priceCents: 4550,
      capacity: null,
      placesTaken: 0,
      waitlistSize: 0,
      registrations: { confirmed: 0, offered: 0, waitlisted: 0, cancelled: 0, declined: 0, expired: 0 },
      teamCapacity: null,
      minAge: null,
    })
    expect(await adminLeague(res.body.league.id)).toEqual(res.body.league)
  })

  test('a league sent without isActive is saved closed, and stays off the home page', async () => {
    const { isActive: _left, ...form } = leagueForm()
    const res = await create(form)
    expect(res.status).toBe(201)
    expect(res.body.league.isActive).toBe(false)
    const home = await ctx.client().get<{ leagues: ActiveLeague[] }>('/api/leagues/active')
    expect(home.body.leagues.some((l) => l.id === res.body.league.id)).toBe(false)
  })

  test('team fields are kept for team leagues and ages for Kids Sports; hidden fields are not stored', async () => {
    const team = await createValid({ kind: 'team', teamCapacity: '8', rosterMin: '5', rosterMax: '12', minAge: '7' })
    expect(team).toMatchObject({ teamCapacity: 8, rosterMin: 5, rosterMax: 12, minAge: null, maxAge: null })
    const kids = await createValid({ sport: 'kids', minAge: '6', maxAge: '9', teamCapacity: '4' })
    expect(kids).toMatchObject({ minAge: 6, maxAge: 9, teamCapacity: null, rosterMin: null, rosterMax: null })
  })

  test('a registration deadline is optional, after the registration date and before the end date', async () => {
    expect((await createValid()).registrationDeadline).toBeNull()
    const dates = { registrationDate: '2030-01-10', startDate: '2030-02-01', endDate: '2030-04-01' }
    expect((await createValid({ ...dates, registrationDeadline: '2030-02-14' })).registrationDeadline).toBe('2030-02-14')
    const late = await create(leagueForm({ ...dates, registrationDeadline: '2030-04-01' }))
    expect(late.status).toBe(400)
    expect(late.body.error.fields).toEqual({ registrationDeadline: 'Registration deadline must be before End date.' })
    const early = await create(leagueForm({ ...dates, registrationDeadline: '2030-01-10' }))
    expect(early.body.error.fields).toEqual({ registrationDeadline: 'Registration deadline must be after Registration date.' })
  })

  test('placesTaken, registrationSeq, id and createdAt in the body are ignored', async () => {
    const res = await create({
      ...leagueForm(),
      id: 'chosen-id',
      placesTaken: 99,
      registrationSeq: 500,
      createdAt: '2000-01-01T00:00:00.000Z',
      priceCents: 1,
    })
    expect(res.status).toBe(201)
    const { league } = res.body
    expect(league.id).not.toBe('chosen-id')
    expect(league).toMatchObject({ placesTaken: 0, priceCents: 4550 })
    expect(league.createdAt.startsWith('2000')).toBe(false)
    expect((await leaguePlaces(ctx.db, league.id)).seq).toBe(0)
  })

  test('leagues are listed open ones first, with places taken, waitlist and counts by status', async () => {
    const closed = await createValid({ isActive: 'false', startDate: daysFromToday(400), endDate: daysFromToday(500) })
    const open = await createValid({ capacity: '1' })
    const [first, second] = await Promise.all([1, 2].map(() => createRegistrant(ctx)))
    await register(first!, open.id)
    await register(second!, open.id)
    const { body } = await admin.client.get<{ leagues: AdminLeague[] }>('/api/admin/leagues')
    const ids = body.leagues.map((l) => l.id)
    expect(ids.indexOf(open.id)).toBeLessThan(ids.indexOf(closed.id))
    expect(body.leagues.findIndex((l) => !l.isActive)).toBeGreaterThan(body.leagues.findLastIndex((l) => l.isActive))
    expect(body.leagues.find((l) => l.id === open.id)).toMatchObject({
      capacity: 1,
      placesTaken: 1,
      waitlistSize: 1,
      registrations: { confirmed: 1, waitlisted: 1, offered: 0, cancelled: 0 },
    })
  })
})

describe('the Payment setting', () => {
  test('pay at sign-up is saved, shown back to the form and read by the engine; left out, a league is paid later', async () => {
    const later = await createValid({ payAtSignUp: '' })
    expect(later.payAtSignUp).toBe(false)
    const atSignUp = await createValid({ payAtSignUp: 'true' })
    expect(atSignUp.payAtSignUp).toBe(true)
    expect(await adminLeague(atSignUp.id)).toMatchObject({ payAtSignUp: true })
    expect((await findLeagueOffering(ctx.db, atSignUp.id))?.payAtSignUp).toBe(true)
    expect((await findLeagueOffering(ctx.db, later.id))?.payAtSignUp).toBe(false)
  })

  test('an edit that leaves it out keeps it; one that sends it changes it', async () => {
    const league = await createValid({ payAtSignUp: 'true' })
    expect((await update(league.id, { name: 'Renamed' })).body.league.payAtSignUp).toBe(true)
    const res = await update(league.id, { payAtSignUp: 'false' })
    expect(res.status, res.text).toBe(200)
    expect(res.body.league.payAtSignUp).toBe(false)
    expect(await adminLeague(league.id)).toMatchObject({ payAtSignUp: false })
  })

  test('only the two choices are taken', async () => {
    const res = await create(leagueForm({ payAtSignUp: 'yes' }))
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toHaveProperty('payAtSignUp')
  })
})

describe('validation', () => {
  const fieldsOf = async (body: unknown) => {
    const res = await create(body)
    expect(res.status).toBe(400)
    return res.body.error
  }

  test('an empty form names every required field and says the form is incomplete', async () => {
    expect(await fieldsOf({})).toEqual({
      message: 'Form incomplete.',
      fields: {
        name: 'Name is required.',
        sport: 'Sport is required.',
        kind: 'Kind is required.',
        registrationDate: 'Registration date is required.',
        startDate: 'Start date is required.',
        endDate: 'End date is required.',
        price: 'Price is required.',
      },
    })
  })

  test('an end date before the start gives the form facility’s message', async () => {
    const error = await fieldsOf(leagueForm({ startDate: '2027-03-01', endDate: '2027-02-01', registrationDate: '2027-01-01' }))
    expect(error).toEqual({ message: 'Sorry, not all fields are filled out correctly.', fields: { endDate: 'End date must be after Start date.' } })
  })

  test('the league starts strictly after registration opens, and ends strictly after it starts', async () => {
    expect((await fieldsOf(leagueForm({ registrationDate: '2027-01-01', startDate: '2027-01-01', endDate: '2027-03-01' }))).fields).toEqual({
      startDate: 'Start date must be after Registration date.',
    })
    expect((await fieldsOf(leagueForm({ registrationDate: '2027-01-01', startDate: '2027-02-01', endDate: '2027-02-01' }))).fields).toEqual({
      endDate: 'End date must be after Start date.',
    })
  })

  test.each([
    [{ name: 'x'.repeat(121) }, { name: 'Name must be at most 120 characters.' }],
    [{ sport: 'hockey' }, { sport: 'Sport must be one of: soccer, basketball, football, baseball, kids.' }],
    [{ kind: 'club' }, { kind: 'Kind must be one of: individual, team.' }],
    [{ description: 'x'.repeat(2001) }, { description: 'Description must be at most 2000 characters.' }],
    [{ isActive: 'yes' }, { isActive: 'Open for registration must be one of: true, false.' }],
    [{ registrationDate: '2027-02-30' }, { registrationDate: 'Registration date must be a valid date.' }],
    [{ price: 'free' }, { price: 'Price must be a number.' }],
    [{ price: '-1' }, { price: 'Price must be between 0 and 10000.' }],
    [{ price: '10000.01' }, { price: 'Price must be between 0 and 10000.' }],
    [{ price: '45.505' }, { price: LEAGUE_MESSAGES.priceCents }],
    [{ capacity: '0' }, { capacity: 'Capacity must be between 1 and 100000.' }],
    [{ capacity: '2.5' }, { capacity: 'Capacity must be a whole number.' }],
    [{ kind: 'team', teamCapacity: '101' }, { teamCapacity: 'Team capacity must be between 1 and 100.' }],
    [{ kind: 'team', rosterMin: '8', rosterMax: '5' }, { rosterMax: LEAGUE_MESSAGES.rosterRange }],
    [{ sport: 'kids', minAge: '0' }, { minAge: 'Minimum age must be between 1 and 99.' }],
    [{ sport: 'kids', minAge: '10', maxAge: '8' }, { maxAge: LEAGUE_MESSAGES.ageRange }],
  ])('%o is refused with %o', async (overrides, fields) => {
    const error = await fieldsOf(leagueForm(overrides as Partial<LeagueFormValues>))
    expect(error).toEqual({ message: 'Sorry, not all fields are filled out correctly.', fields })
  })

  test('a price of 0 and equal roster sizes or ages are fine', async () => {
    expect(await createValid({ price: '0', kind: 'team', rosterMin: '6', rosterMax: '6' })).toMatchObject({ priceCents: 0, rosterMax: 6 })
    expect(await createValid({ sport: 'kids', minAge: '8', maxAge: '8' })).toMatchObject({ minAge: 8, maxAge: 8 })
  })

  test('an update is checked the same way, against the values it leaves alone', async () => {
    const league = await createValid({ startDate: '2027-02-01', endDate: '2027-05-01', registrationDate: '2027-01-01' })
    const res = await update(league.id, { endDate: '2027-01-15' })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ endDate: 'End date must be after Start date.' })
  })
})

describe('editing, opening and closing', () => {
  test('an edit changes what is sent and keeps what is left out', async () => {
    const league = await createValid({ name: 'Fall Hoops', sport: 'basketball', capacity: '20', description: 'Bring water.' })
    const res = await update(league.id, { name: 'Fall Hoops Plus', price: '60', description: '' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      offered: 0,
      league: { id: league.id, name: 'Fall Hoops Plus', sport: 'basketball', priceCents: 6000, capacity: 20, description: null, isActive: true },
    })
    expect(await adminLeague(league.id)).toMatchObject({ name: 'Fall Hoops Plus', priceCents: 6000 })
  })

  test('saving a league never rewrites a product: a new price points it at a new one, others sharing the old keep their price', async () => {
    const productOf = async (leagueId: string, kind: 'league-place' | 'team-place' = 'league-place') =>
      (await ctx.db.kysely.selectFrom('offerings').select('productId').where('leagueId', '=', leagueId).where('kind', '=', kind).executeTakeFirstOrThrow()).productId!
    const priceOf = async (productId: string) => (await ctx.db.kysely.selectFrom('products').select(['name', 'listPriceCents']).where('id', '=', productId).executeTakeFirstOrThrow())
    const first = await createValid({ name: 'Shared Price A', price: '40' })
    const second = await createValid({ name: 'Shared Price B', price: '40' })
    // As the price list will share one product between leagues.
    const shared = await productOf(first.id)
    await ctx.db.kysely.updateTable('offerings').set({ productId: shared }).where('leagueId', '=', second.id).where('kind', '=', 'league-place').execute()

    expect((await update(first.id, { name: 'Shared Price A renamed' })).status).toBe(200)
    expect(await productOf(first.id)).toBe(shared)
    expect(await priceOf(shared)).toEqual({ name: 'Shared Price A', listPriceCents: 4000 })

    expect((await update(first.id, { price: '55' })).status).toBe(200)
    const own = await productOf(first.id)
    expect(own).not.toBe(shared)
    expect(await priceOf(own)).toEqual({ name: 'Shared Price A renamed', listPriceCents: 5500 })
    expect(await priceOf(shared)).toEqual({ name: 'Shared Price A', listPriceCents: 4000 })
    expect(await adminLeague(second.id)).toMatchObject({ priceCents: 4000 })
    expect(await adminLeague(first.id)).toMatchObject({ priceCents: 5500 })

    const team = await createValid({ name: 'Team Fee Owner', kind: 'team', sport: 'basketball', teamCapacity: '4', rosterMin: '5', rosterMax: '8', teamPayment: 'team-fee', teamFee: '300' })
    const fee = await productOf(team.id, 'team-place')
    expect((await update(team.id, { teamFee: '350' })).status).toBe(200)
    expect(await priceOf(fee)).toMatchObject({ listPriceCents: 30000 })
    expect(await priceOf(await productOf(team.id, 'team-place'))).toMatchObject({ listPriceCents: 35000 })
  })

  test('a team league takes its team fee from the price list, early-bird price and all; a product for something else is refused under the field', async () => {
    const product = (purpose: string, listPrice: string, earlyBird: Record<string, string> = {}) =>
      admin.client.post<{ product: { id: string } }>('/api/admin/products', { name: `Team fee ${randomUUID().slice(0, 4)}`, purpose, listPrice, earlyBirdPrice: '', earlyBirdUntil: '', isActive: 'true', ...earlyBird })
    const fee = (await product('team-fee', '400', { earlyBirdPrice: '350', earlyBirdUntil: daysFromToday(5) })).body.product.id
    const playerFee = (await product('player-fee', '60')).body.product.id
    const team = { kind: 'team', sport: 'basketball', teamCapacity: '4', rosterMin: '5', rosterMax: '8', teamPayment: 'team-fee' }
    const wrong = await create(leagueForm({ ...team, teamFee: '60', teamFeeProduct: playerFee }))
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.fields?.teamFeeProduct).toBe('Choose a product for a team fee.')
    const league = await createValid({ ...team, teamFee: '400', teamFeeProduct: fee })
    const places = await ctx.db.kysely.selectFrom('offerings').select('productId').where('leagueId', '=', league.id).where('kind', '=', 'team-place').executeTakeFirstOrThrow()
    expect(places.productId).toBe(fee)
  })

  test('switching a team league to individual clears its team fields', async () => {
    const league = await createValid({ kind: 'team', teamCapacity: '8', rosterMin: '5', rosterMax: '10' })
    const res = await update(league.id, { kind: 'individual' })
    expect(res.body.league).toMatchObject({ kind: 'individual', teamCapacity: null, rosterMin: null, rosterMax: null })
  })

  test('closing takes a league off the home page and the sign-up pages; opening puts it back', async () => {
    const league = await createValid({ sport: 'baseball' })
    const visitor = ctx.client()
    const shown = async () => ({
      home: (await visitor.get<{ leagues: ActiveLeague[] }>('/api/leagues/active')).body.leagues.some((l) => l.id === league.id),
      signUp: (await visitor.get<{ leagues: OpenLeague[] }>('/api/leagues/open?sport=baseball')).body.leagues.some((l) => l.id === league.id),
    })
    expect(await shown()).toEqual({ home: true, signUp: true })

    const closed = await update(league.id, { isActive: 'false' })
    expect(closed.status).toBe(200)
    expect(closed.body.league.isActive).toBe(false)
    expect(await shown()).toEqual({ home: false, signUp: false })
    const customer = await createRegistrant(ctx)
    expect((await register(customer, league.id)).status).toBe(404)

    expect((await update(league.id, { isActive: true })).body.league.isActive).toBe(true)
    expect(await shown()).toEqual({ home: true, signUp: true })
  })

  test('placesTaken, registrationSeq, id and createdAt cannot be changed through an edit', async () => {
    const league = await createValid()
    const res = await update(league.id, { id: 'other-id', placesTaken: 50, registrationSeq: 9, createdAt: '2000-01-01T00:00:00.000Z' })
    expect(res.status).toBe(200)
    expect(res.body.league).toMatchObject({ id: league.id, placesTaken: 0, createdAt: league.createdAt })
    expect((await leaguePlaces(ctx.db, league.id)).seq).toBe(0)
  })

  test('an unknown league is a 404', async () => {
    const res = await update(randomUUID(), leagueForm())
    expect(res.status).toBe(404)
    expect(res.body.error.message).toBe('There is no such league.')
  })
})

describe('capacity changes', () => {
  async function fullLeague(waiting: number) {
    const league = await createValid({ capacity: '1' })
    const people = await Promise.all(Array.from({ length: waiting + 1 }, () => createRegistrant(ctx)))
    for (const person of people) expect((await register(person, league.id)).status).toBe(201)
    return { league, holder: people[0]!, waitlist: people.slice(1) }
  }

  test('raising the capacity offers the new places to the waitlist at once, first come first served', async () => {
    const { league, waitlist } = await fullLeague(3)
    const res = await update(league.id, { capacity: '3' })
    expect(res.status).toBe(200)
    expect(res.body.offered).toBe(2)
    expect(res.body.league).toMatchObject({ capacity: 3, placesTaken: 3, waitlistSize: 1, registrations: { confirmed: 1, offered: 2, waitlisted: 1 } })
    expect((await mine(waitlist[0]!))[0]).toMatchObject({ status: 'offered' })
    expect((await mine(waitlist[1]!))[0]).toMatchObject({ status: 'offered' })
    expect((await mine(waitlist[2]!))[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 })
    const emails = await ctx.db.kysely.selectFrom('outbox').select('subject').where('recipient', '=', waitlist[0]!.email).execute()
    expect(emails.map((e) => e.subject)).toContain(`A place opened up: ${league.name}`)
  })

  test('removing the limit offers a place to everyone waiting', async () => {
    const { league, waitlist } = await fullLeague(2)
    const res = await update(league.id, { capacity: '' })
    expect(res.body).toMatchObject({ offered: 2, league: { capacity: null, placesTaken: 3, waitlistSize: 0 } })
    for (const person of waitlist) expect((await mine(person))[0]!.status).toBe('offered')
  })

  test('lowering the capacity below the places taken removes nobody and offers nothing', async () => {
    const league = await createValid({ capacity: '3' })
    const people = await Promise.all([1, 2, 3].map(() => createRegistrant(ctx)))
    for (const person of people) await register(person, league.id)
    const res = await update(league.id, { capacity: '1' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ offered: 0, league: { capacity: 1, placesTaken: 3, registrations: { confirmed: 3 } } })
    const late = await createRegistrant(ctx)
    expect((await register(late, league.id)).body.registration.status).toBe('waitlisted')
    // Raising it back to 3 frees nothing: all three places are still taken.
    expect((await update(league.id, { capacity: '3' })).body).toMatchObject({ offered: 0, league: { placesTaken: 3, waitlistSize: 1 } })
  })

  test('an edit that keeps the capacity offers nothing', async () => {
    const { league, waitlist } = await fullLeague(1)
    expect((await update(league.id, { name: `${league.name} (renamed)` })).body.offered).toBe(0)
    expect((await mine(waitlist[0]!))[0]!.status).toBe('waitlisted')
  })
})

describe('access', () => {
  test('visitors are asked to sign in; customers and employees may not change leagues; the desk may list them', async () => {
    const league = await createLeague(ctx)
    const visitor = ctx.client()
    expect((await visitor.get('/api/admin/leagues')).status).toBe(401)
    expect((await visitor.post('/api/admin/leagues', leagueForm())).status).toBe(401)
    expect((await visitor.post(`/api/admin/leagues/${league}`, { isActive: 'false' })).status).toBe(401)
    for (const role of ['customer', 'employee'] as const) {
      const user = await createUser(ctx, role)
      // Employees run the front desk (decision 0016): they read the list, prices and settings stay the admins'.
      expect((await user.client.get('/api/admin/leagues')).status).toBe(role === 'employee' ? 200 : 403)
      expect((await create(leagueForm(), user)).status).toBe(403)
      expect((await update(league, { isActive: 'false' }, user)).status).toBe(403)
    }
    expect(await adminLeague(league)).toMatchObject({ isActive: true })
  })
})
