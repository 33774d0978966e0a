import type { Db } from '../../db/connect.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { facilityToday } from '../../../shared/format.ts'
import { createPeriodic } from '../../periodic.ts'
import { sendRosterReminders } from './roster.ts'
import { releaseExpiredHolds } from './team-holds.ts'

/** On each instance, every `everyMs`: releases team places held past their time and sends the roster-deadline reminders due. */
export function createTeamSweeper(opts: {
  db: Db
  claimWindowMs: number
  siteUrl: string
  kinds: Kinds
  timeZone: string
  log: { error(obj: unknown, msg: string): void }
  now: () => Date
  everyMs?: number
}) {
  return createPeriodic({
    everyMs: opts.everyMs ?? 60_000,
    work: async () => {
      const now = opts.now()
      await releaseExpiredHolds(opts.db, { now, claimWindowMs: opts.claimWindowMs, siteUrl: opts.siteUrl, kinds: opts.kinds })
      await sendRosterReminders(opts.db, { now, today: facilityToday(now, opts.timeZone), siteUrl: opts.siteUrl })
    },
    log: opts.log,
    failure: 'team holds and reminders failed',
  })
}
