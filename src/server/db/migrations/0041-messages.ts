import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * Messages staff write to the people of a league, a team, an academy, a camp or a waitlist
 * (issue 32, docs/decisions/0031). A message and its recipients are written in one transaction;
 * a job then turns the recipients into outbox rows in batches, each recipient naming the outbox
 * row made for it, so a restart half-way resumes where it stopped and nobody is written to twice.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('authorId', 'text', (c) => c.notNull())
    /** The author's name when they wrote it. */
    .addColumn('authorName', 'text', (c) => c.notNull())
    /** The audience: league, team, academy or camp, its id and its name then; its waitlist or its places. */
    .addColumn('audienceKind', 'text', (c) => c.notNull())
    .addColumn('audienceId', 'text', (c) => c.notNull())
    .addColumn('audienceLabel', 'text', (c) => c.notNull())
    .addColumn('waitlist', t.bool, (c) => c.notNull())
    /** participants, guardians or captains. */
    .addColumn('whom', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** Addresses written to, and addresses left out because they unsubscribed. */
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('messages_createdAt_idx').on('messages').columns(['createdAt', 'id']).execute()

  await db.schema
    .createTable('messageRecipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('messageId', 'text', (c) => c.notNull().references('messages.id'))
    /** Lower-cased: one message reaches one address once. */
    .addColumn('address', 'text', (c) => c.notNull())
    /** The outbox row written for it; null until the message's job reaches it. */
    .addColumn('outboxId', 'text')
    .execute()
  await db.schema.createIndex('messageRecipients_once').on('messageRecipients').columns(['messageId', 'address']).unique().execute()
  await db.schema.createIndex('messageRecipients_outbox_idx').on('messageRecipients').columns(['messageId', 'outboxId']).execute()

  /** Messages each staff member sent on each facility day, counted in the sending transaction (MESSAGES_PER_DAY). */
  await db.schema
    .createTable('messagesSentPerDay')
    .addColumn('staffId', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('messagesSentPerDay_pk', ['staffId', 'day'])
    .execute()

  /** Addresses (lower-cased) that asked for no more messages; other emails (receipts, links) still reach them. */
  await db.schema
    .createTable('unsubscribes')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
}
