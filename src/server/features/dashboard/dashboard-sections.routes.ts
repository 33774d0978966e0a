import type { FastifyInstance } from 'fastify'
import type { BackupConfig } from '../../config.ts'
import type { Db } from '../../db/connect.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { readAttentionSection, readMoneySection, readRegistrationSection, readTodaySection } from '../../../shared/contracts/dashboard-sections.ts'
import { serve } from '../../http/contract.ts'
import { attentionSection } from './attention.queries.ts'
import { dashboardPeriods } from './dashboard-periods.ts'
import { moneySection } from './money-section.queries.ts'
import { registrationSection } from './registration-section.queries.ts'
import { todaySection } from './today-section.queries.ts'
import { facilityToday } from '../../../shared/format.ts'

interface Deps {
  db: Db
  timeZone: string
  now: () => Date
  backups: BackupConfig
  kinds: Kinds
}

/** The Dashboard's sections (issue 32), a request each: the page shows each as it arrives. */
export function registerDashboardSectionRoutes(app: FastifyInstance, { db, timeZone, now, backups, kinds }: Deps): void {
  serve(app, readRegistrationSection, async () => registrationSection(db, await dashboardPeriods(db, now(), timeZone)))
  serve(app, readMoneySection, async () => moneySection(db, await dashboardPeriods(db, now(), timeZone)))
  serve(app, readAttentionSection, () => attentionSection({ db, now: now(), timeZone, backups, kinds }))
  serve(app, readTodaySection, () => todaySection(db, facilityToday(now(), timeZone)))
}
