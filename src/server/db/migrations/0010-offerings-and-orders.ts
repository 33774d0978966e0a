import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * One model for everything a person signs up and pays for (docs/decisions/0012): places are
 * counted on `offerings`, priced by `products`, owed as `orderLines` of `orders` and paid by
 * `payments` allocated to lines. Today's data moves across with ids derived from the rows it
 * comes from (a league's offering and product take the league's id; a registration's order and
 * line take the registration's id), so every receipt number, status, waitlist position and
 * balance reads the same afterwards.
 *
 * SQLite cannot drop a NOT NULL column that others reference, so `registrations` and `payments`
 * are rebuilt there (its documented procedure: foreign keys off, one transaction, a foreign key
 * check before commit); PostgreSQL alters them in place inside the migration's transaction.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return migrate(db, dialect)
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await db.transaction().execute(async (tx) => {
      await migrate(tx, dialect)
      const { rows } = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(tx)
      if (rows.length > 0) throw new Error(`Foreign keys broken by the migration: ${JSON.stringify(rows.slice(0, 5))}`)
    })
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('listPriceCents', 'integer', (c) => c.notNull())
    .addColumn('earlyBirdPriceCents', 'integer')
    .addColumn('earlyBirdUntil', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()

  // An offering goes with what it belongs to, unless registrations name it (their foreign key
  // refuses). `placesTaken` counts confirmed and offered places; `seq` orders everyone who asked, for the
  // waitlist and the receipt numbers (docs/decisions/0006: one conditional UPDATE of this row).
  await db.schema
    .createTable('offerings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('leagueId', 'text', (c) => c.references('leagues.id').onDelete('cascade'))
    .addColumn('academyId', 'text', (c) => c.references('academies.id').onDelete('cascade'))
    .addColumn('productId', 'text', (c) => c.references('products.id'))
    .addColumn('capacity', 'integer')
    .addColumn('placesTaken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receiptPrefix', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('offerings_leagueId_idx').on('offerings').columns(['leagueId', 'kind']).execute()
  await db.schema.createIndex('offerings_academyId_idx').on('offerings').column('academyId').execute()

  await sql`
    insert into products (id, name, "listPriceCents", "createdAt", "updatedAt")
    select id, name, "priceCents", "createdAt", "updatedAt" from leagues`.execute(db)
  // The receipt prefix stays what receipts were numbered with: the league id's first 8 letters
  // and digits, upper-cased (ids are UUIDs, so dropping the dashes is all that filtering did).
  await sql`
    insert into offerings (id, kind, "leagueId", "productId", capacity, "placesTaken", seq, "receiptPrefix", "createdAt")
    select id, 'league-place', id, id, capacity, "placesTaken", "registrationSeq", upper(substr(replace(id, '-', ''), 1, 8)), "createdAt"
    from leagues`.execute(db)

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payerUserId', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('orders_payerUserId_idx').on('orders').column('payerUserId').execute()
  await sql`insert into orders (id, "payerUserId", "createdAt") select id, "userId", "createdAt" from registrations`.execute(db)

  await moveRegistrationsToOfferings(db, dialect)

  await db.schema
    .createTable('orderLines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('orderId', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('registrationId', 'text', (c) => c.references('registrations.id'))
    .addColumn('productId', 'text', (c) => c.references('products.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('listPriceCents', 'integer', (c) => c.notNull())
    .addColumn('amountDueCents', 'integer', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('orderLines_orderId_idx').on('orderLines').column('orderId').execute()
  await db.schema.createIndex('orderLines_registrationId_idx').on('orderLines').column('registrationId').execute()
  await sql`
    insert into "orderLines" (id, "orderId", "registrationId", "productId", description, "listPriceCents", "amountDueCents", "createdAt")
    select r.id, r.id, r.id, r."offeringId", l.name, old.price, old.price, r."createdAt"
    from registrations r
    join "registrationPrices" old on old.id = r.id
    join leagues l on l.id = r."offeringId"`.execute(db)
  await db.schema.dropTable('registrationPrices').execute()

  await movePaymentsToOrders(db, dialect)

  await db.schema
    .createTable('paymentAllocations')
    .addColumn('paymentId', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('orderLineId', 'text', (c) => c.notNull().references('orderLines.id'))
    .addColumn('amountCents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('paymentAllocations_pk', ['paymentId', 'orderLineId'])
    .execute()
  await db.schema.createIndex('paymentAllocations_orderLineId_idx').on('paymentAllocations').column('orderLineId').execute()
  await sql`
    insert into "paymentAllocations" ("paymentId", "orderLineId", "amountCents")
    select id, "orderId", "amountCents" from payments`.execute(db)

  for (const column of ['priceCents', 'capacity', 'placesTaken', 'registrationSeq']) {
    await db.schema.alterTable('leagues').dropColumn(column).execute()
  }
}

const LIVE = ['confirmed', 'offered', 'waitlisted']

/** Registrations name their offering instead of their league, and leave their price to their line. */
async function moveRegistrationsToOfferings(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  // The prices wait here for the order lines, which must reference the registrations' new shape.
  await sql`create table "registrationPrices" as select id, "priceCents" as price from registrations`.execute(db)

  if (dialect === 'postgres') {
    await db.schema.alterTable('registrations').addColumn('offeringId', 'text', (c) => c.references('offerings.id')).execute()
    await sql`update registrations set "offeringId" = "leagueId"`.execute(db)
    await sql`alter table registrations alter column "offeringId" set not null`.execute(db)
    await db.schema.alterTable('registrations').dropColumn('leagueId').execute()
    await db.schema.alterTable('registrations').dropColumn('priceCents').execute()
  } else {
    await db.schema
      .createTable('registrationsNext')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('offeringId', 'text', (c) => c.notNull().references('offerings.id'))
      .addColumn('userId', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('participantKey', 'text', (c) => c.notNull())
      .addColumn('childId', 'text', (c) => c.references('children.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('receiptNumber', 'text', (c) => c.notNull().unique())
      .addColumn('idempotencyKey', 'text')
      .addColumn('offerExpiresAt', t.timestamp)
      .addColumn('waiverVersion', 'integer')
      .addColumn('createdAt', t.timestamp, (c) => c.notNull())
      .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
      .addUniqueConstraint('registrations_idempotency', ['userId', 'idempotencyKey'])
      .execute()
    await sql`
      insert into "registrationsNext"
      select id, "leagueId", "userId", "participantKey", "childId", status, seq, "receiptNumber", "idempotencyKey",
        "offerExpiresAt", "waiverVersion", "createdAt", "updatedAt"
      from registrations`.execute(db)
    await db.schema.dropTable('registrations').execute()
    await db.schema.alterTable('registrationsNext').renameTo('registrations').execute()
    await db.schema.createIndex('registrations_userId_idx').on('registrations').column('userId').execute()
    await db.schema.createIndex('registrations_status_offer_idx').on('registrations').columns(['status', 'offerExpiresAt']).execute()
  }
  // One live registration per participant per offering: a second attempt finds that row.
  await db.schema
    .createIndex('registrations_live_once')
    .on('registrations')
    .columns(['offeringId', 'userId', 'participantKey'])
    .unique()
    .where(sql.ref('status'), 'in', LIVE)
    .execute()
  await db.schema.createIndex('registrations_offering_status_seq_idx').on('registrations').columns(['offeringId', 'status', 'seq']).execute()
}

/**
 * Payments belong to an order and say who processed them; `(provider, externalId)` is unique, so
 * an online payment or a webhook delivered twice is recorded once. Refunds stay negative amounts.
 */
async function movePaymentsToOrders(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  if (dialect === 'postgres') {
    await db.schema.alterTable('payments').addColumn('orderId', 'text', (c) => c.references('orders.id')).execute()
    await db.schema.alterTable('payments').addColumn('provider', 'text', (c) => c.notNull().defaultTo('desk')).execute()
    await db.schema.alterTable('payments').addColumn('externalId', 'text').execute()
    await db.schema.alterTable('payments').addColumn('refundOf', 'text', (c) => c.references('payments.id')).execute()
    await sql`update payments set "orderId" = "registrationId"`.execute(db)
    await sql`alter table payments alter column "orderId" set not null`.execute(db)
    await sql`alter table payments alter column provider drop default`.execute(db)
    await db.schema.alterTable('payments').dropColumn('registrationId').execute()
  } else {
    await db.schema
      .createTable('paymentsNext')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('orderId', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('amountCents', 'integer', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('externalId', 'text')
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('refundOf', 'text', (c) => c.references('payments.id'))
      .addColumn('recordedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('recordedAt', t.timestamp, (c) => c.notNull())
      .execute()
    await sql`
      insert into "paymentsNext" (id, "orderId", "amountCents", provider, method, reference, "recordedBy", "recordedAt")
      select id, "registrationId", "amountCents", 'desk', method, reference, "recordedBy", "recordedAt" from payments`.execute(db)
    await db.schema.dropTable('payments').execute()
    await db.schema.alterTable('paymentsNext').renameTo('payments').execute()
  }
  await db.schema.createIndex('payments_orderId_idx').on('payments').column('orderId').execute()
  await db.schema.createIndex('payments_provider_externalId').on('payments').columns(['provider', 'externalId']).unique().execute()
}
