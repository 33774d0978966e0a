import type { Db } from '../../db/connect.ts'
import { inList, timestampParam, toCount, toIso } from '../../db/values.ts'
import { sessionStartsAt } from '../../../shared/academy-schedule.ts'
import type { DeskDrawer, DrawerLine, DrawerTaker, DrawerTakings } from '../../../shared/contracts/drawer.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/schemas/payments.ts'

/** Who took a payment made online (recorded by the provider, not by staff). */
export const ONLINE_TAKER = 'Online'
/** Who took money recorded by a staff account since removed. */
const REMOVED_TAKER = 'A removed staff account'

/**
 * The drawer (issue 32): payments recorded on the facility's `day` and refunds that went through
 * that day — the window and the statuses the Money section's "today" counts (money-section.queries.ts),
 * so the two agree to the cent — by method and by who took them, with each line.
 */
export async function deskDrawer(db: Db, { day, today, timeZone }: { day: string; today: string; timeZone: string }): Promise<DeskDrawer> {
  const from = timestampParam(db.dialect, sessionStartsAt(day, '00:00', timeZone))
  const until = timestampParam(db.dialect, sessionStartsAt(addDays(day, 1), '00:00', timeZone))
  const [payments, refunds] = await Promise.all([
    db.kysely
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.orderId')
      .innerJoin('users as payer', 'payer.id', 'o.payerUserId')
      .leftJoin('users as staff', 'staff.id', 'p.recordedBy')
      .select(['p.id', 'p.recordedAt', 'p.method', 'p.amountCents', 'p.reference', 'p.provider', 'p.recordedBy', 'payer.displayName as payer', 'staff.displayName as staffName'])
      .where('p.recordedAt', '>=', from)
      .where('p.recordedAt', '<', until)
      .execute(),
    db.kysely
      .selectFrom('refunds as f')
      .innerJoin('payments as p', 'p.id', 'f.paymentId')
      .innerJoin('orders as o', 'o.id', 'p.orderId')
      .innerJoin('users as payer', 'payer.id', 'o.payerUserId')
      .leftJoin('users as staff', 'staff.id', 'f.recordedBy')
      .select(['f.id', 'f.recordedAt', 'p.method', 'f.amountCents', 'f.reason as reference', 'f.provider', 'f.recordedBy', 'payer.displayName as payer', 'staff.displayName as staffName'])
      .where('f.status', '=', 'succeeded')
      .where('f.recordedAt', '>=', from)
      .where('f.recordedAt', '<', until)
      .execute(),
  ])
  const paidFor = await whatFor(db, payments.map((p) => p.id), refunds.map((f) => f.id))
  const line = (kind: DrawerLine['kind']) => (row: (typeof payments)[number]) => ({
    kind,
    id: row.id,
    at: toIso(row.recordedAt),
    method: row.method,
    amountCents: toCount(row.amountCents),
    payer: row.payer,
    reference: row.reference,
    takenBy: row.recordedBy === null ? (row.provider === 'stripe' ? ONLINE_TAKER : REMOVED_TAKER) : (row.staffName ?? REMOVED_TAKER),
    staffId: row.recordedBy,
    for: paidFor.get(row.id) ?? '',
  })
  const lines = [...payments.map(line('payment')), ...refunds.map(line('refund'))].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
  const byTaker = new Map<string, DrawerTaker>()
  for (const l of lines) {
    const key = l.staffId ?? l.takenBy
    const taker = byTaker.get(key) ?? { staffId: l.staffId, name: l.takenBy, ...noTakings() }
    byTaker.set(key, add(taker, l))
  }
  return {
    day,
    today,
    totals: lines.reduce(add, noTakings()),
    byTaker: [...byTaker.values()].sort((a, b) => Number(a.name === ONLINE_TAKER) - Number(b.name === ONLINE_TAKER) || a.name.localeCompare(b.name)),
    lines: lines.map(({ staffId: _staffId, ...l }) => l),
  }
}

const noMethods = () => Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<PaymentMethod, number>
const noTakings = (): DrawerTakings => ({ byMethod: noMethods(), collectedCents: 0, refundedByMethod: noMethods(), refundedCents: 0, netCents: 0 })

function add<T extends DrawerTakings>(takings: T, l: Pick<DrawerLine, 'kind' | 'method' | 'amountCents'>): T {
  if (l.kind === 'payment') {
    takings.byMethod[l.method] += l.amountCents
    takings.collectedCents += l.amountCents
  } else {
    takings.refundedByMethod[l.method] += l.amountCents
    takings.refundedCents += l.amountCents
  }
  takings.netCents = takings.collectedCents - takings.refundedCents
  return takings
}

/** What each payment and refund went to: its order lines' descriptions, in two statements. */
async function whatFor(db: Db, paymentIds: string[], refundIds: string[]): Promise<Map<string, string>> {
  const [paid, refunded] = await Promise.all([
    paymentIds.length === 0
      ? []
      : db.kysely.selectFrom('paymentAllocations as a').innerJoin('orderLines as l', 'l.id', 'a.orderLineId').select(['a.paymentId as id', 'l.description']).where(inList(db.dialect, 'a.paymentId', paymentIds)).orderBy('l.description').execute(),
    refundIds.length === 0
      ? []
      : db.kysely.selectFrom('refundAllocations as a').innerJoin('orderLines as l', 'l.id', 'a.orderLineId').select(['a.refundId as id', 'l.description']).where(inList(db.dialect, 'a.refundId', refundIds)).orderBy('l.description').execute(),
  ])
  const described = new Map<string, string[]>()
  for (const { id, description } of [...paid, ...refunded]) described.set(id, [...(described.get(id) ?? []), description])
  return new Map([...described].map(([id, descriptions]) => [id, [...new Set(descriptions)].join('; ')]))
}
