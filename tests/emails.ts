import type { Db } from '../src/server/db/connect.ts'

/** The newest email queued for `to`, for the API and browser suites alike. */
export async function newestEmailTo(db: Db, to: string) {
  return db.kysely.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', to).orderBy('createdAt', 'desc').executeTakeFirst()
}

/**
 * The first link to this site in the newest email to `to`, as a path with its query. With
 * `path`, waits for an email linking there: some emails are sent after the answer (Forgot Password).
 */
export async function linkInNewestEmail(db: Db, to: string, path?: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const url = (await newestEmailTo(db, to))?.text.match(/https?:\/\/\S+/)?.[0]
    const link = url ? new URL(url) : undefined
    if (link && (path === undefined || link.pathname === path)) return link.pathname + link.search
    if (path === undefined || attempt === 100) throw new Error(`No email with a link${path ? ` to ${path}` : ''} was sent to ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
