import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { inList, timestampParam, toBool, toCount } from '../../db/values.ts'
import { placesWithPeople } from '../../core/registrations/participants.queries.ts'
import type { CsvRow } from '../../http/csv.ts'
import { ageOn } from '../../../shared/age.ts'
import { balanceCents, dollarsText } from '../../../shared/money.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { PAYMENT_METHOD_LABELS } from '../../../shared/schemas/payments.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'

/**
 * The rows of the Reports' CSV files (issue 32), read a page at a time so a season's file is
 * written while it is read (http/csv.ts `csvStream`), never held whole.
 */

/** The instants a range of facility days covers: from the first day's midnight to the midnight after the last. */
export interface Instants {
  start: Date
  end: Date
}

const PAGE = 500

/** Pages of a query's rows, in a stable order, until one comes back short. */
async function* pagesOf<T>(read: (offset: number, limit: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await read(offset, PAGE)
    yield rows
    if (rows.length < PAGE) return
  }
}

/** A time as the facility's clock read it: `2026-11-20 15:04`. */
function facilityTime(timeZone: string): (at: Date | string | number) => string {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return (at: Date | string | number) => format.format(new Date(at))
}

const personName = (row: { firstName: string | null; lastName: string | null; displayName: string }) =>
  row.firstName === null ? row.displayName : `${row.firstName} ${row.lastName ?? ''}`.trim()

export const PAYMENT_CSV_HEADERS = ['Date', 'Type', 'Payer', 'Payer email', 'Method', 'Reference', 'Stripe payment intent', 'Stripe checkout session', 'Stripe refund', 'Amount (dollars)', 'Paid for'] as const

/**
 * Payments, and refunds that went through, recorded in the range, oldest first, refunds as
 * negative amounts: the Money section counts the same rows by the same times
 * (money-section.queries.ts), so the file's sums are its figures. A refund names the payment it
 * gave back from (its method, reference and Stripe ids) and what that payment paid for.
 */
export async function* paymentRows(db: Db, { start, end }: Instants, timeZone: string): AsyncGenerator<CsvRow[]> {
  const from = timestampParam(db.dialect, start)
  const until = timestampParam(db.dialect, end)
  const payments = db.kysely
    .selectFrom('payments as p')
    .select(['p.id', sql<'payment' | 'refund'>`'payment'`.as('type'), 'p.id as paymentId', 'p.recordedAt as at', 'p.amountCents', sql<string | null>`null`.as('refundExternalId')])
    .where('p.recordedAt', '>=', from)
    .where('p.recordedAt', '<', until)
  const refunds = db.kysely
    .selectFrom('refunds as f')
    .select(['f.id', sql<'payment' | 'refund'>`'refund'`.as('type'), 'f.paymentId', 'f.recordedAt as at', 'f.amountCents', 'f.externalId as refundExternalId'])
    .where('f.status', '=', 'succeeded')
    .where('f.recordedAt', '>=', from)
    .where('f.recordedAt', '<', until)
  const timeOf = facilityTime(timeZone)
  for await (const moves of pagesOf((offset, limit) =>
    db.kysely
      .selectFrom(payments.unionAll(refunds).as('m'))
      .innerJoin('payments as p', 'p.id', 'm.paymentId')
      .innerJoin('orders as o', 'o.id', 'p.orderId')
      .innerJoin('users as u', 'u.id', 'o.payerUserId')
      .select(['m.id', 'm.type', 'm.paymentId', 'm.at', 'm.amountCents', 'm.refundExternalId', 'p.provider', 'p.method', 'p.reference', 'p.externalId', 'u.displayName', 'u.email'])
      .orderBy('m.at')
      .orderBy('m.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  )) {
    const paidFor = await whatPaymentsPaidFor(db, [...new Set(moves.map((m) => m.paymentId))])
    yield moves.map((m) => {
      const online = m.provider === 'stripe'
      const cents = toCount(m.amountCents)
      return [
        timeOf(m.at),
        m.type === 'payment' ? 'Payment' : 'Refund',
        m.displayName,
        m.email,
        PAYMENT_METHOD_LABELS[m.method],
        online ? null : m.reference,
        online ? m.reference : null,
        online ? m.externalId : null,
        m.refundExternalId,
        dollarsText(m.type === 'refund' ? -cents : cents),
        paidFor.get(m.paymentId) ?? '',
      ]
    })
  }
}

/** What each payment was spread over: "Leo Rivera: U10 Soccer Academy; Team jersey (M)". */
async function whatPaymentsPaidFor(db: Db, paymentIds: readonly string[]): Promise<Map<string, string>> {
  if (paymentIds.length === 0) return new Map()
  const rows = await db.kysely
    .selectFrom('paymentAllocations as a')
    .innerJoin('orderLines as line', 'line.id', 'a.orderLineId')
    .leftJoin('registrations as r', 'r.id', 'line.registrationId')
    .leftJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('children as c', 'c.id', 'r.childId')
    .select(['a.paymentId', 'line.description', 'u.displayName', 'c.firstName', 'c.lastName'])
    .where(inList(db.dialect, 'a.paymentId', paymentIds))
    .orderBy('a.paymentId')
    .orderBy('line.createdAt')
    .orderBy('line.id')
    .execute()
  const lines = new Map<string, string[]>()
  for (const row of rows) {
    const what = row.displayName === null ? row.description : `${personName({ ...row, displayName: row.displayName })}: ${row.description}`
    lines.set(row.paymentId, [...(lines.get(row.paymentId) ?? []), what])
  }
  return new Map([...lines].map(([id, whats]) => [id, whats.join('; ')]))
}

/** The columns of an offering naming the league, academy, camp or drop-in it belongs to. */
const OWNER_COLUMNS = ['o.leagueId', 'o.academyId', 'o.campId', 'o.dropInId'] as const

export const REGISTRATION_CSV_HEADERS = [
  'Registered',
  'Receipt',
  'Program',
  'Kind',
  'Participant',
  'Age',
  'Guardian',
  'Phone',
  'Email',
  'Team',
  'Status',
  'Price (dollars)',
  'Discounts (dollars)',
  'Paid (dollars)',
  'Balance (dollars)',
  'Waiver',
] as const

/**
 * Registrations made in the range, in one league, academy or camp (its id) or in all, oldest
 * first: who, for what, and their money as the registration's panel shows it. The price is the
 * price of the day (an early-bird price where it ran); discounts are a code's, the family's and
 * staff's adjustments; paid counts refunds that went through; the waiver is the current version.
 */
export async function* registrationRows(db: Db, { start, end }: Instants, programId: string | undefined, timeZone: string): AsyncGenerator<CsvRow[]> {
  const timeOf = facilityTime(timeZone)
  // Which registrations, in order, first (ids only); then each page's people and money, read for those ids alone.
  const chosen = await db.kysely
    .selectFrom('registrations as r')
    .innerJoin('offerings as o', 'o.id', 'r.offeringId')
    .select('r.id')
    .where('r.createdAt', '>=', timestampParam(db.dialect, start))
    .where('r.createdAt', '<', timestampParam(db.dialect, end))
    .$if(programId !== undefined, (q) => q.where((eb) => eb.or(OWNER_COLUMNS.map((column) => eb(column, '=', programId!)))))
    .orderBy('r.createdAt')
    .orderBy('r.id')
    .execute()
  const detailsOf = (ids: string[]) =>
    placesWithPeople(db)
      .innerJoin('offerings as o', 'o.id', 'r.offeringId')
      .innerJoin('offeringFacts as f', 'f.offeringId', 'r.offeringId')
      .leftJoin('teams as t', 't.id', 'r.teamId')
      .select((eb) => [
        'r.createdAt',
        'r.receiptNumber',
        'o.kind',
        'f.name as programName',
        'f.startDate',
        't.name as teamName',
        eb
          .selectFrom('orderLines as d')
          .select(sql<string | number>`sum(d."discountCents" + d."familyDiscountCents" + d."adjustedCents")`.as('total'))
          .whereRef('d.registrationId', '=', 'r.id')
          .as('discountCents'),
      ])
      .where(inList(db.dialect, 'r.id', ids))
      .orderBy('r.createdAt')
      .orderBy('r.id')
      .execute()
  for (let at = 0; at < chosen.length; at += PAGE) {
    const rows = await detailsOf(chosen.slice(at, at + PAGE).map((r) => r.id))
    yield rows.map((row) => {
      const words = OFFERING_KIND_WORDS[row.kind]
      const dueCents = toCount(row.priceCents)
      const paidCents = toCount(row.paidCents)
      const discountCents = toCount(row.discountCents)
      const isChild = row.firstName !== null
      return [
        timeOf(row.createdAt),
        row.receiptNumber,
        row.programName,
        words.place ? `${words.label}: ${words.place}` : words.label,
        personName(row),
        row.dateOfBirth === null ? 'Adult' : ageOn(row.dateOfBirth, row.startDate),
        isChild ? row.displayName : null,
        formatPhone(row.phone ?? ''),
        row.email,
        row.teamName,
        STATUS_LABELS[row.status],
        dollarsText(dueCents + discountCents),
        dollarsText(discountCents),
        dollarsText(paidCents),
        dollarsText(balanceCents({ status: row.status, priceCents: dueCents, paidCents })),
        toBool(row.waiverSigned as boolean | number) ? 'Signed' : 'Not signed',
      ]
    })
  }
}
