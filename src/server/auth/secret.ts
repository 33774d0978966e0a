import { randomBytes } from 'node:crypto'
import type { Db } from '../db/connect.ts'

/**
 * The secret that signs session cookies and bearer tokens. AUTH_SECRET wins; without it the
 * first instance to start generates one and stores it in the database, so every instance
 * sharing the database agrees with zero setup (docs/decisions/0002).
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db.kysely
    .insertInto('appSecrets')
    .values({ name: 'auth', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.kysely.selectFrom('appSecrets').select('value').where('name', '=', 'auth').executeTakeFirstOrThrow()
  return row.value
}
