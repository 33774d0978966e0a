import type { FastifyInstance } from 'fastify'
import type { Guards } from '../../auth/guards.ts'
import type { Db } from '../../db/connect.ts'
import { badRequest } from '../../http/errors.ts'
import type { OutboxPage } from '../../../shared/schemas/mail.ts'
import { listOutbox } from './outbox.queries.ts'
import { access } from '../../http/access.ts'

const PAGE_SIZE = 50
const MAX_PAGE = 100_000
const PAGE_MESSAGE = `Page must be a whole number from 1 to ${MAX_PAGE}.`

export function registerMailRoutes(app: FastifyInstance, { db, guards }: { db: Db; guards: Guards }): void {
  /** Admins read every email the site has sent or kept, to see nothing was dropped. */
  app.get<{ Querystring: { page?: unknown } }>('/api/admin/outbox', access('admin'), async (req): Promise<OutboxPage> => {
    await guards.requireAccess(req, 'admin')
    const page = parsePage(req.query.page)
    const { emails, total } = await listOutbox(db, { page, pageSize: PAGE_SIZE })
    return { emails, total, page, pageSize: PAGE_SIZE }
  })
}

function parsePage(value: unknown): number {
  if (value === undefined) return 1
  // Digits only: Number() alone would also take '1e3', ' 2 ' and '0x10'.
  if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value) || Number(value) > MAX_PAGE) {
    throw badRequest(PAGE_MESSAGE, { page: PAGE_MESSAGE })
  }
  return Number(value)
}
