import type { Db } from '../../db/connect.ts'
import { notFound } from '../../core/refusals.ts'
import { inList, timestampParam } from '../../db/values.ts'
import type { MessageAudiences, MessageDraft } from '../../../shared/contracts/messages.ts'

/** The statuses of a place held (a waitlist's offer and a place held while its taker pays too); the waitlist's own. */
const PLACES = ['confirmed', 'held', 'offered'] as const
const WAITING = ['waitlisted'] as const

/** Where a place names its audience: its offering's league, academy or camp; a team's places, the team. */
const OWNER_COLUMN = { league: 'o.leagueId', academy: 'o.academyId', camp: 'o.campId', team: 'r.teamId' } as const

/** The leagues (with their teams), academies and camps, newest first, for staff to choose from. */
export async function listAudiences(db: Db): Promise<MessageAudiences> {
  const [leagues, teams, academies, camps] = await Promise.all([
    db.kysely.selectFrom('leagues').select(['id', 'name']).orderBy('startDate', 'desc').orderBy('name').execute(),
    db.kysely.selectFrom('teams').select(['id', 'name', 'leagueId']).orderBy('name').execute(),
    db.kysely.selectFrom('academies').select(['id', 'name']).orderBy('startDate', 'desc').orderBy('name').execute(),
    db.kysely.selectFrom('camps').select(['id', 'name']).orderBy('startDate', 'desc').orderBy('name').execute(),
  ])
  return {
    leagues: leagues.map((l) => ({ ...l, teams: teams.filter((t) => t.leagueId === l.id).map(({ id, name }) => ({ id, name })) })),
    academies,
    camps,
  }
}

export interface ResolvedAudience {
  /** What the audience is called: a league's name, `Team (League)`. */
  label: string
  /** Lower-cased, each once, sorted; without those that unsubscribed. */
  addresses: string[]
  /** Addresses left out because they unsubscribed. */
  skipped: number
}

/**
 * Whom a message reaches, read now: the accounts holding the audience's places (or waiting on
 * its waitlist), a child's place through its guardian; only guardians of children; or only the
 * captains of its teams. Each address once, whatever its letter case, however many places it holds.
 */
export async function resolveAudience(db: Db, draft: Pick<MessageDraft, 'audience' | 'whom'>): Promise<ResolvedAudience> {
  const { audience, whom } = draft
  const label = await labelOf(db, audience)
  const statuses = audience.waitlist ? WAITING : PLACES
  const rows =
    whom === 'captains'
      ? await db.kysely
          .selectFrom('registrations as r')
          .innerJoin('offerings as o', 'o.id', 'r.offeringId')
          .innerJoin('teams as t', 't.id', 'r.teamId')
          .innerJoin('users as u', 'u.id', 't.captainUserId')
          .select('u.email')
          .where('o.kind', '=', 'team-place')
          .where('r.status', 'in', statuses)
          .where(audience.kind === 'team' ? 't.id' : 't.leagueId', '=', audience.id)
          .execute()
      : await db.kysely
          .selectFrom('registrations as r')
          .innerJoin('offerings as o', 'o.id', 'r.offeringId')
          .innerJoin('users as u', 'u.id', 'r.userId')
          .select('u.email')
          .where('r.status', 'in', statuses)
          .where(OWNER_COLUMN[audience.kind], '=', audience.id)
          .$if(whom === 'guardians', (q) => q.where('r.childId', 'is not', null))
          .execute()
  const everyone = [...new Set(rows.map((r) => r.email.trim().toLowerCase()))].sort()
  const unsubscribed = await unsubscribedOf(db, everyone)
  const addresses = everyone.filter((a) => !unsubscribed.has(a))
  return { label, addresses, skipped: everyone.length - addresses.length }
}

async function labelOf(db: Db, audience: MessageDraft['audience']): Promise<string> {
  if (audience.kind === 'team') {
    const team = await db.kysely
      .selectFrom('teams as t')
      .innerJoin('leagues as l', 'l.id', 't.leagueId')
      .select(['t.name as team', 'l.name as league'])
      .where('t.id', '=', audience.id)
      .executeTakeFirst()
    if (!team) throw notFound('There is no such team.')
    return `${team.team} (${team.league})`
  }
  const table = ({ league: 'leagues', academy: 'academies', camp: 'camps' } as const)[audience.kind]
  const row = await db.kysely.selectFrom(table).select('name').where('id', '=', audience.id).executeTakeFirst()
  if (!row) throw notFound(`There is no such ${audience.kind}.`)
  return row.name
}

const CHUNK = 500

/** Which of `addresses` unsubscribed, asked a few hundred at a time. */
async function unsubscribedOf(db: Db, addresses: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < addresses.length; i += CHUNK) {
    const rows = await db.kysely
      .selectFrom('unsubscribes')
      .select('address')
      .where(inList(db.dialect, 'address', addresses.slice(i, i + CHUNK)))
      .execute()
    for (const r of rows) found.add(r.address)
  }
  return found
}

/** An address asks for no more messages (again: nothing changes). */
export async function addUnsubscribe(db: Db, address: string, now: Date): Promise<void> {
  await db.kysely.insertInto('unsubscribes').values({ address, createdAt: timestampParam(db.dialect, now) }).onConflict((oc) => oc.column('address').doNothing()).execute()
}
