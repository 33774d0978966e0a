import type { Kysely } from 'kysely'
import type { Dialect } from '../connect.ts'
import { columnTypes } from '../column-types.ts'

/**
 * What an academy's sign-up and its coach keep (issue 23): the photo consent a guardian chose
 * for a place (null where nobody was asked: a league's places), and the attendance marked at the
 * door, one row per place and session date, written by whichever tablet marked it last.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema.alterTable('registrations').addColumn('photoConsent', t.bool).execute()
  await db.schema
    .createTable('academyAttendance')
    .addColumn('registrationId', 'text', (c) => c.notNull().references('registrations.id'))
    .addColumn('sessionDate', 'text', (c) => c.notNull())
    .addColumn('present', t.bool, (c) => c.notNull())
    .addColumn('markedBy', 'text', (c) => c.references('users.id'))
    .addColumn('markedAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('academyAttendance_pk', ['registrationId', 'sessionDate'])
    .execute()
}
