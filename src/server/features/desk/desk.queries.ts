import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { containsText, fullName, phoneHasDigits } from '../../db/search.ts'
import { boolParam, toBool, toCount, toIso } from '../../db/values.ts'
import { ageOn } from '../../../shared/age.ts'
import { balanceCents } from '../../../shared/money.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { ACTIVE_STATUSES, HOLDS_PLACE } from '../../../shared/schemas/registration.ts'
import type { CustomerMatch, CustomerRecord, Registrant } from '../../../shared/contracts/desk.ts'
import { listChildren } from '../../core/children.queries.ts'
import { paidOnLines } from '../../core/payments/orders.queries.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { placesWithPeople } from '../../core/registrations/participants.queries.ts'
import { listUserRegistrations } from '../../core/registrations/registrations.queries.ts'
import { listMyTeams } from '../teams/teams.queries.ts'
import { notFound } from '../../core/refusals.ts'
import { currentWaiver } from '../../core/waivers.queries.ts'

/** How many candidates a search reads before ranking, and how many it answers. */
const CANDIDATES = 60
const ANSWERS = 20

/**
 * The customers the desk is looking for, as staff type: by name, email, phone or a child's name,
 * best first — the address typed whole, then names starting with it, then anything containing it.
 * Each matching column is read through a LIKE on its lower-cased text: on 10 000 accounts a few
 * milliseconds (docs/benchmarks.md), no index needed for a facility's size.
 */
export async function findCustomers(db: Db, query: string): Promise<CustomerMatch[]> {
  const q = query.trim().toLowerCase()
  const digits = q.replace(/\D/g, '')
  const phone = phoneHasDigits('u.phone', q)
  const rows = await db.kysely
    .selectFrom('users as u')
    .select(['u.id', 'u.displayName', 'u.email', 'u.phone'])
    // Customers only: staff accounts are out of the desk's reach (issue 30; a role not yet set is a customer's).
    .where((eb) => eb.or([eb('u.role', '=', 'customer'), eb('u.role', 'is', null)]))
    .where((eb) =>
      eb.or([
        containsText(sql.ref('u.displayName'), q),
        containsText(sql.ref('u.email'), q),
        ...(phone ? [phone] : []),
        eb.exists(
          eb
            .selectFrom('children as c')
            .select('c.id')
            .whereRef('c.guardianId', '=', 'u.id')
            .where(containsText(fullName('c.firstName', 'c.lastName'), q)),
        ),
      ]),
    )
    .limit(CANDIDATES)
    .execute()
  if (rows.length === 0) return []
  const children = await db.kysely
    .selectFrom('children')
    .select(['guardianId', 'firstName', 'lastName'])
    .where('guardianId', 'in', rows.map((r) => r.id))
    .orderBy('dateOfBirth')
    .execute()
  const childrenOf = new Map<string, string[]>()
  for (const c of children) childrenOf.set(c.guardianId, [...(childrenOf.get(c.guardianId) ?? []), `${c.firstName} ${c.lastName}`])

  const ranked = rows.map((row) => {
    const name = row.displayName.toLowerCase()
    const email = row.email.toLowerCase()
    const kids = childrenOf.get(row.id) ?? []
    const phoneDigits = (row.phone ?? '').replace(/\D/g, '')
    const scored: [number, CustomerMatch['matched']][] = [
      [email === q ? 100 : email.startsWith(q) ? 80 : email.includes(q) ? 40 : 0, 'email'],
      [name === q ? 95 : name.startsWith(q) ? 75 : name.split(/\s+/).some((w) => w.startsWith(q)) ? 65 : name.includes(q) ? 45 : 0, 'name'],
      [digits.length >= 3 && phoneDigits.includes(digits) ? (phoneDigits.endsWith(digits) ? 70 : 50) : 0, 'phone'],
      [kids.some((k) => k.toLowerCase().startsWith(q)) ? 60 : kids.some((k) => k.toLowerCase().includes(q)) ? 35 : 0, 'child'],
    ]
    const [score, matched] = scored.reduce((best, next) => (next[0] > best[0] ? next : best))
    return { score, match: { id: row.id, displayName: row.displayName, email: row.email, phone: row.phone ?? '', children: kids, matched } }
  })
  return ranked
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.match.displayName.localeCompare(b.match.displayName))
    .slice(0, ANSWERS)
    .map((r) => r.match)
}

/**
 * The customer's account as the desk's guard reads it: undefined for no such account and for a
 * staff account, which is out of the desk's reach (issue 30; a role not yet set is a customer's).
 * One row: the guard of every desk write, before the input is read and the whole record answered.
 */
export async function findCustomerAccount(db: Db, userId: string): Promise<{ id: string; displayName: string; email: string } | undefined> {
  const user = await db.kysely.selectFrom('users').select(['id', 'displayName', 'email', 'role']).where('id', '=', userId).executeTakeFirst()
  if (!user || (user.role ?? 'customer') !== 'customer') return undefined
  return { id: user.id, displayName: user.displayName, email: user.email }
}

/**
 * Everything the desk needs about one customer. No such account and a staff account are the same
 * refusal: staff accounts are out of the desk's reach, and a desk login must never lead to one
 * (issue 30). A team held for the customer shows until when, not its link: that is their invite.
 */
export async function customerRecord(db: Db, kinds: Kinds, userId: string, clock: { now: Date; timeZone: string }): Promise<CustomerRecord> {
  const user = await db.kysely.selectFrom('users').select(['id', 'displayName', 'email', 'phone', 'role', 'createdAt']).where('id', '=', userId).executeTakeFirst()
  if (!user || (user.role ?? 'customer') !== 'customer') throw notFound('There is no such customer.')
  const [children, waiver, signatures, registrations, teams, extrasOwed, ordersTakingExtras] = await Promise.all([
    listChildren(db, userId),
    currentWaiver(db),
    db.kysely
      .selectFrom('waiverSignatures as s')
      .leftJoin('users as staff', 'staff.id', 's.witnessedBy')
      .select(['s.subjectKey', 's.childId', 's.waiverVersion', 's.signedName', 's.signedAt', 'staff.displayName as witnessedBy'])
      .where('s.userId', '=', userId)
      .orderBy('s.signedAt', 'desc')
      .execute(),
    listUserRegistrations(db, kinds, userId),
    listMyTeams(db, user, { ...clock, held: (_team, until) => ({ until }) }),
    extrasOwedBy(db, userId),
    ordersTakingExtrasOf(db, userId),
  ])
  const live = registrations.filter((r) => ACTIVE_STATUSES.includes(r.status))
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    phone: user.phone ?? '',
    role: user.role ?? 'customer',
    createdAt: toIso(user.createdAt),
    children,
    waiver: { currentVersion: waiver.version, signatures: signatures.map((s) => ({ ...s, signedAt: toIso(s.signedAt) })) },
    registrations,
    teams,
    balanceCents: live.reduce((sum, r) => sum + r.balanceCents, 0) + extrasOwed,
    ordersTakingExtras,
  }
}

/** The customer's orders on which an extra can be sold, as the checkout offers them (checkout.queries.ts offeredExtras): a place held whose fee has an active extra beside it. */
async function ordersTakingExtrasOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('orders as o')
    .innerJoin('orderLines as fee', 'fee.orderId', 'o.id')
    .innerJoin('registrations as place', 'place.id', 'fee.registrationId')
    .innerJoin('extraProducts as x', 'x.productId', 'fee.productId')
    .innerJoin('products as e', 'e.id', 'x.extraId')
    .select('o.id')
    .where('o.payerUserId', '=', userId)
    .where('place.status', 'in', HOLDS_PLACE)
    .where('e.isActive', '=', boolParam(db.dialect, true))
    .distinct()
    .execute()
  return rows.map((r) => r.id)
}

/** What the extras on the customer's orders (a jersey bought with a place) still ask: owed until paid, as the checkout counts them. */
async function extrasOwedBy(db: Db, userId: string): Promise<number> {
  const lines = await db.kysely
    .selectFrom('orderLines as line')
    .innerJoin('orders as o', 'o.id', 'line.orderId')
    .select(['line.id', 'line.amountDueCents'])
    .where('o.payerUserId', '=', userId)
    .where('line.registrationId', 'is', null)
    .execute()
  const paid = await paidOnLines(
    db,
    lines.map((l) => l.id),
  )
  return lines.reduce((sum, l) => sum + Math.max(l.amountDueCents - paid.get(l.id)!, 0), 0)
}

/**
 * Everyone registered in a league (live places: confirmed, offered, waitlisted), a team league's
 * players by team with each team's captain first, an individual league's by name; with what the
 * desk and the coach need on a sheet: age, contact, emergency contact, medical notes, waiver,
 * balance. Undefined for no such league.
 */
export async function listRegistrants(db: Db, leagueId: string): Promise<{ league: { id: string; name: string; kind: string; startDate: string }; registrants: Registrant[] } | undefined> {
  const league = await db.kysely.selectFrom('leagues').select(['id', 'name', 'kind', 'startDate']).where('id', '=', leagueId).executeTakeFirst()
  if (!league) return undefined
  const rows = await placesWithPeople(db)
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .leftJoin('teams as t', 't.id', 'r.teamId')
    .select(['r.userId', 't.id as teamId', 't.name as teamName', 't.captainUserId'])
    .where((eb) => eb.or([eb('o.leagueId', '=', leagueId), eb('t.leagueId', '=', leagueId)]))
    .where('o.kind', 'in', ['league-place', 'roster-place'])
    .where('r.status', 'in', ACTIVE_STATUSES)
    .execute()
  const registrants = rows.map((row): Registrant => {
    const priceCents = toCount(row.priceCents)
    const paidCents = toCount(row.paidCents)
    const child = row.firstName !== null
    return {
      registrationId: row.id,
      name: child ? `${row.firstName} ${row.lastName ?? ''}`.trim() : row.displayName,
      age: child && row.dateOfBirth ? ageOn(row.dateOfBirth, league.startDate) : null,
      accountName: row.displayName,
      email: row.email,
      phone: row.phone ?? '',
      emergencyContact: child ? `${row.emergencyContactName ?? ''} ${formatPhone(row.emergencyContactPhone ?? '')}`.trim() : null,
      medicalNotes: child ? row.notes : null,
      waiverSigned: toBool(row.waiverSigned as boolean | number),
      status: row.status,
      balanceCents: balanceCents({ status: row.status, priceCents, paidCents }),
      team: row.teamId ? { id: row.teamId, name: row.teamName ?? '' } : null,
      isCaptain: row.teamId !== null && row.captainUserId === row.userId,
    }
  })
  registrants.sort(
    (a, b) =>
      (a.team?.name ?? '').localeCompare(b.team?.name ?? '') ||
      Number(b.isCaptain) - Number(a.isCaptain) ||
      a.name.localeCompare(b.name),
  )
  return { league, registrants }
}
