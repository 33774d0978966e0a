import type { Db } from '../../db/connect.ts'
import { facilityToday } from '../../../shared/format.ts'
import { releaseExpiredHolds, sendRosterReminders } from './teams.ts'

/**
 * On each instance, every `everyMs`: releases team places held past their time and sends the
 * roster-deadline reminders that are due. Runs never overlap; both are safe from every instance
 * at once (conditional updates decide who acts).
 */
export function createTeamSweeper(opts: {
  db: Db
  claimWindowMs: number
  siteUrl: string
  timeZone: string
  log: { error(obj: unknown, msg: string): void }
  now: () => Date
  everyMs?: number
}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    running = running
      .then(async () => {
        const now = opts.now()
        await releaseExpiredHolds(opts.db, { now, claimWindowMs: opts.claimWindowMs, siteUrl: opts.siteUrl })
        await sendRosterReminders(opts.db, { now, today: facilityToday(now, opts.timeZone), siteUrl: opts.siteUrl })
      })
      .catch((error: unknown) => opts.log.error({ err: error }, 'team holds and reminders failed'))
  }
  return {
    start() {
      timer = setInterval(sweep, opts.everyMs ?? 60_000)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
