import pg from 'pg'
import { testDatabaseUrl, testSchemaPrefix } from './test-app.ts'

/** After the whole run, removes the PostgreSQL schemas its test files made. */
export default function setup(): () => Promise<void> {
  return async () => {
    const url = testDatabaseUrl()
    if (!url) return
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE $1`,
        [`${testSchemaPrefix().replace(/_/g, '\\_')}%`],
      )
      for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)
    } finally {
      await client.end()
    }
  }
}
