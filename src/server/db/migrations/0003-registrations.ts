import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Individual and kids registration: league pricing and capacity, children, waivers,
 * registrations with their waitlist, payments, the audit log, and the email outbox.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)

  // Capacity is decided by one conditional UPDATE on these counters (STYLE.md): `placesTaken`
  // counts confirmed and offered places; `registrationSeq` orders everyone who registers.
  await db.schema.alterTable('leagues').addColumn('priceCents', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('leagues').addColumn('capacity', 'integer').execute()
  await db.schema.alterTable('leagues').addColumn('placesTaken', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('leagues').addColumn('registrationSeq', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('leagues').addColumn('teamCapacity', 'integer').execute()
  await db.schema.alterTable('leagues').addColumn('rosterMin', 'integer').execute()
  await db.schema.alterTable('leagues').addColumn('rosterMax', 'integer').execute()
  await db.schema.alterTable('leagues').addColumn('minAge', 'integer').execute()
  await db.schema.alterTable('leagues').addColumn('maxAge', 'integer').execute()

  await db.schema
    .createTable('children')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('guardianId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('firstName', 'text', (c) => c.notNull())
    .addColumn('lastName', 'text', (c) => c.notNull())
    .addColumn('dateOfBirth', 'text', (c) => c.notNull())
    .addColumn('emergencyContactName', 'text', (c) => c.notNull())
    .addColumn('emergencyContactPhone', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('children_guardianId_idx').on('children').column('guardianId').execute()

  await db.schema
    .createTable('waivers')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('publishedAt', t.timestamp, (c) => c.notNull())
    .addColumn('publishedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()

  // `subjectKey` is 'self' or a child's id, so a guardian signs once per child per version.
  await db.schema
    .createTable('waiverSignatures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('waiverVersion', 'integer', (c) => c.notNull().references('waivers.version'))
    .addColumn('subjectKey', 'text', (c) => c.notNull())
    .addColumn('childId', 'text', (c) => c.references('children.id').onDelete('cascade'))
    .addColumn('signedName', 'text', (c) => c.notNull())
    .addColumn('signedAt', t.timestamp, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addUniqueConstraint('waiverSignatures_once', ['userId', 'waiverVersion', 'subjectKey'])
    .execute()

  // One live registration per person (or child) per league: `participantKey` is 'self' or the
  // child's id. A second attempt, however it arrives, finds that row instead of making a new
  // one; after a cancellation the person may register again.
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id'))
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('participantKey', 'text', (c) => c.notNull())
    .addColumn('childId', 'text', (c) => c.references('children.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('receiptNumber', 'text', (c) => c.notNull().unique())
    .addColumn('priceCents', 'integer', (c) => c.notNull())
    .addColumn('idempotencyKey', 'text')
    .addColumn('offerExpiresAt', t.timestamp)
    .addColumn('waiverVersion', 'integer')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('registrations_idempotency', ['userId', 'idempotencyKey'])
    .execute()
  await db.schema
    .createIndex('registrations_live_once')
    .on('registrations')
    .columns(['leagueId', 'userId', 'participantKey'])
    .unique()
    .where(sql.ref('status'), 'in', ['confirmed', 'offered', 'waitlisted'])
    .execute()
  await db.schema.createIndex('registrations_league_status_seq_idx').on('registrations').columns(['leagueId', 'status', 'seq']).execute()
  await db.schema.createIndex('registrations_userId_idx').on('registrations').column('userId').execute()
  await db.schema.createIndex('registrations_status_offer_idx').on('registrations').columns(['status', 'offerExpiresAt']).execute()

  // Refunds are negative amounts, so the balance is always price minus the sum.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registrationId', 'text', (c) => c.notNull().references('registrations.id'))
    .addColumn('amountCents', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('recordedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recordedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('payments_registrationId_idx').on('payments').column('registrationId').execute()

  await db.schema
    .createTable('registrationEvents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registrationId', 'text', (c) => c.notNull().references('registrations.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actorId', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('details', 'text')
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('registrationEvents_registrationId_idx').on('registrationEvents').column('registrationId').execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('nextAttemptAt', t.timestamp, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('sentAt', t.timestamp)
    .execute()
  const publishedAt = dialect === 'postgres' ? new Date() : new Date().toISOString()
  await sql`insert into ${sql.table('waivers')} (${sql.ref('version')}, ${sql.ref('body')}, ${sql.ref('publishedAt')}) values (1, ${DEFAULT_WAIVER}, ${publishedAt})`.execute(db)

  await db.schema.createIndex('outbox_status_next_idx').on('outbox').columns(['status', 'nextAttemptAt']).execute()

}

/** The first waiver, so registration works from day one; staff publish their own from /waiver. */
const DEFAULT_WAIVER = `RELEASE OF LIABILITY, WAIVER OF CLAIMS AND ASSUMPTION OF RISK

I understand that taking part in sports and activities at this facility involves risks, including serious injury. I voluntarily assume those risks for myself and, where I sign as parent or guardian, for the child I register.

I release the facility, its owners, staff and volunteers from claims for injury, loss or damage arising from my (or my child's) participation, except where caused by their gross negligence or wilful misconduct.

I confirm that I (or my child) am physically able to take part, that I will follow the facility's rules and the staff's instructions, and that I consent to emergency medical treatment if I (or my child) cannot consent at the time.

I have read this waiver, understand it, and sign it of my own free will.`
