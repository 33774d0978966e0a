import { randomUUID } from 'node:crypto'
import type { AuditAction, AuditEntity } from '../../shared/audit.ts'
import type { Db } from '../db/connect.ts'
import { timestampParam, toIso } from '../db/values.ts'
import type { RegistrationView } from '../../shared/contracts/registrations.ts'
import type { AuditEntry } from '../../shared/contracts/audit.ts'
import type { Kind, Kinds } from './registrations/kinds.ts'

/**
 * The audit history of staff actions (issue 32, docs/decisions/0027). A route that changes
 * something for staff records it here, inside the transaction of the change: the entry commits
 * with the change or not at all, so a refused or failed action leaves none, and no action
 * commits without its entry. Nothing in the site changes or deletes an entry (migration 0040's
 * triggers refuse it).
 */

/** The staff member acting, as the request showed them: their account, their name then, and their address. */
export interface Actor {
  id: string
  name: string
  address: string
}

export interface StaffAction {
  by: Actor
  action: AuditAction
  /** `label`: what the record is called now, for a reader (a league's name; a person in a league). */
  entity: { kind: AuditEntity; id: string; label: string }
  /** What the record was before, as JSON-able fields; null when the action made it. */
  before: Record<string, unknown> | null
  /** What it became (or what the action added: a payment, a refund), as JSON-able fields. */
  after: Record<string, unknown> | null
  now: Date
}

/**
 * Writes the entry in `tx`, which must be the change's own transaction. Of a record changed
 * (both sides given), only the fields that changed are kept, each side with its value.
 */
export async function recordStaffAction(tx: Db, entry: StaffAction): Promise<void> {
  if (!tx.kysely.isTransaction) throw new Error(`The audit entry of ${entry.action} must be written in the transaction of its change`)
  const [before, after] = entry.before && entry.after ? changedFields(entry.before, entry.after) : [entry.before, entry.after]
  await tx.kysely
    .insertInto('auditEntries')
    .values({
      id: randomUUID(),
      at: timestampParam(tx.dialect, entry.now),
      staffId: entry.by.id,
      staffName: entry.by.name,
      action: entry.action,
      entityKind: entry.entity.kind,
      entityId: entry.entity.id,
      entityLabel: entry.entity.label,
      before: before && JSON.stringify(before),
      after: after && JSON.stringify(after),
      address: entry.by.address,
    })
    .execute()
}

/** The fields whose values differ between the two sides (compared as JSON), each side with its own. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {}
  const is: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    if (key in before) was[key] = before[key]
    if (key in after) is[key] = after[key]
  }
  return [was, is]
}

/** A place as an entry tells it: its label, and the state a staff action changes (its status and money). */
export function placeOfView(view: RegistrationView): { label: string; state: Record<string, unknown> } {
  return {
    label: `${view.child?.name ?? view.registrantName} in ${view.offering.name}`,
    state: { status: view.status, priceCents: view.priceCents, paidCents: view.paidCents, balanceCents: view.balanceCents },
  }
}

/** A place's label where no view of it is at hand (a check-in, an attendance mark): "Leo Rivera in Spring Soccer", as `placeOfView` says it. */
export async function placeLabelOf(db: Db, registrationId: string): Promise<string> {
  const row = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .innerJoin('offeringFacts as f', 'f.offeringId', 'r.offeringId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select(['u.displayName', 'c.firstName', 'c.lastName', 'f.name'])
    .where('r.id', '=', registrationId)
    .executeTakeFirst()
  if (!row) return registrationId
  const person = row.firstName === null ? row.displayName : `${row.firstName} ${row.lastName ?? ''}`.trim()
  return `${person} in ${row.name}`
}

/** Where a place is: its offering's name, and where in it, as its kind says (a team: Kind.placeIn). */
function whereOf(view: RegistrationView, kinds: Kinds): string {
  const within = (kinds[view.offering.kind] as Kind).placeIn?.(view.offering.details)
  return within ? `${view.offering.name}, ${within}` : view.offering.name
}

/** A place moved (to another academy, another team): its entry is the place left, naming where it went. */
export function recordMove(tx: Db, kinds: Kinds, by: Actor, from: RegistrationView, to: RegistrationView, now: Date): Promise<void> {
  const entity = { kind: 'registration' as const, id: from.id, label: placeOfView(from).label }
  return recordStaffAction(tx, { by, action: 'moved', entity, before: { in: whereOf(from, kinds) }, after: { in: whereOf(to, kinds), registrationId: to.id }, now })
}

export interface AuditFilter {
  staffId?: string
  action?: AuditAction
  entity?: { kind: AuditEntity; id: string }
  /** Instants: from (inclusive) and until (exclusive). */
  from?: Date
  until?: Date
  page: number
  pageSize: number
}

/** A page of entries, newest first; `hasMore` when an older page follows. */
export async function listStaffActions(db: Db, filter: AuditFilter): Promise<{ entries: AuditEntry[]; hasMore: boolean }> {
  let query = db.kysely
    .selectFrom('auditEntries')
    .select(['id', 'at', 'staffId', 'staffName', 'action', 'entityKind', 'entityId', 'entityLabel', 'before', 'after', 'address'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.pageSize + 1)
    .offset((filter.page - 1) * filter.pageSize)
  if (filter.staffId) query = query.where('staffId', '=', filter.staffId)
  if (filter.action) query = query.where('action', '=', filter.action)
  if (filter.entity) query = query.where('entityKind', '=', filter.entity.kind).where('entityId', '=', filter.entity.id)
  if (filter.from) query = query.where('at', '>=', timestampParam(db.dialect, filter.from))
  if (filter.until) query = query.where('at', '<', timestampParam(db.dialect, filter.until))
  const rows = await query.execute()
  const json = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>))
  return {
    entries: rows.slice(0, filter.pageSize).map((r) => ({ ...r, at: toIso(r.at), before: json(r.before), after: json(r.after) })),
    hasMore: rows.length > filter.pageSize,
  }
}

/** The staff members who appear in the history, by the name of their latest entry: the Recent activity filter's choices. */
export async function listAuditedStaff(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db.kysely
    .selectFrom('auditEntries as e')
    .select(['e.staffId as id', 'e.staffName as name'])
    .where(({ eb, selectFrom }) => eb('e.at', '=', selectFrom('auditEntries as l').select((f) => f.fn.max('l.at').as('at')).whereRef('l.staffId', '=', 'e.staffId')))
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r.name]))
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}
