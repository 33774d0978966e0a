import type { FastifyInstance } from 'fastify'
import { OUTBOX_PAGE_SIZE, readOutbox } from '../../../shared/contracts/mail.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import { serve } from '../../http/contract.ts'
import { listOutbox } from '../../core/outbox.queries.ts'

export function registerMailRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Pick<Config, 'publicUrl'> }): void {
  /** Admins read every email the site has sent or kept, to see nothing was dropped. */
  serve(app, readOutbox, async (req) => {
    const page = req.query.page ?? 1
    // Emails link to PUBLIC_URL (or its localhost stand-in): addresses there are the site's own.
    const { emails, total } = await listOutbox(db, { page, pageSize: OUTBOX_PAGE_SIZE, search: req.query.q, siteUrl: config.publicUrl })
    return { emails, total, page, pageSize: OUTBOX_PAGE_SIZE }
  })
}
