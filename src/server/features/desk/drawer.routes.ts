import type { FastifyInstance } from 'fastify'
import { deskDrawerCsv, readDeskDrawer } from '../../../shared/contracts/drawer.ts'
import { facilityToday } from '../../../shared/format.ts'
import { dollarsText } from '../../../shared/money.ts'
import { PAYMENT_METHOD_LABELS } from '../../../shared/schemas/payments.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { sendCsv, toCsv } from '../../http/csv.ts'
import { deskDrawer } from './drawer.queries.ts'

/** The drawer (issue 32): the desk's end-of-day summary, for employees and admins, on screen and as CSV. */
export function registerDrawerRoutes(app: FastifyInstance, { db, config, now }: RouteDeps): void {
  const drawerOf = (day: string | undefined) => {
    const today = facilityToday(now(), config.site.timeZone)
    return deskDrawer(db, { day: day ?? today, today, timeZone: config.site.timeZone })
  }
  serve(app, readDeskDrawer, (req) => drawerOf(req.query.day))
  serve(app, deskDrawerCsv, async (req, reply) => {
    const drawer = await drawerOf(req.query.day)
    const rows = drawer.lines.map((l) => [
      new Date(l.at).toLocaleString('en-US', { timeZone: config.site.timeZone }),
      l.kind === 'payment' ? 'Payment' : 'Refund',
      PAYMENT_METHOD_LABELS[l.method],
      dollarsText(l.kind === 'payment' ? l.amountCents : -l.amountCents),
      l.payer,
      l.reference,
      l.takenBy,
      l.for,
    ])
    return sendCsv(reply, `drawer-${drawer.day}.csv`, toCsv(['Time', 'Kind', 'Method', 'Amount', 'Payer', 'Reference', 'Taken by', 'For'], rows))
  })
}
