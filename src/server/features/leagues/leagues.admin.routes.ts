import type { FastifyInstance } from 'fastify'
import { createLeague as createLeagueContract, listAdminLeagues, updateLeague as updateLeagueContract } from '../../../shared/contracts/leagues.ts'
import { LeagueForm, leagueFormProblems, type LeagueFormValues } from '../../../shared/schemas/league.ts'
import { leagueFormValues } from '../../../shared/schemas/league-form-values.ts'
import { centsFromDollars } from '../../../shared/money.ts'
import type { LeagueKind, Sport } from '../../../shared/sports.ts'
import { teamPaysFee, type TeamPayment } from '../../../shared/schemas/team.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { createLeague, findLeagueForAdmin, holdLeague, listLeaguesForAdmin, updateLeague, type LeagueSettings } from './leagues.admin.queries.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { chosenProduct } from '../../core/payments/products.queries.ts'
import type { Db } from '../../db/connect.ts'
import type { ActiveLeagues } from './active-leagues.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'
import { refuseEndBeforePlan, refuseEnded, refusePlanAfterEnd } from '../../core/registrations/ended-programs.ts'

/** League management (create, edit, open and close), admin only (the list: staff): the server decides, /leagues only hides the tools. */
export function registerLeagueAdminRoutes(
  app: FastifyInstance,
  { db, config, now, kinds, activeLeagues }: RouteDeps & { kinds: Kinds; activeLeagues: ActiveLeagues },
): void {
  // Staff: the desk chooses a league to register a walk-in or print its registrants (decision 0016).
  serve(app, listAdminLeagues, async () => {
    return { leagues: await listLeaguesForAdmin(db) }
  })

  serve(app, createLeagueContract, async (req, _reply, { user }) => {
    const form = parseLeagueForm(req.body)
    refuseEnded(form.endDate, { label: 'The end date', noun: 'league' }, now(), config.site.timeZone)
    const settings = await checkedSettings(db, form)
    const league = await inTransaction(db, async (tx) => {
      const created = await createLeague(tx, settings)
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'league-created', entity: { kind: 'league', id: created.id, label: created.name }, before: null, after: form, now: now() })
      return created
    })
    activeLeagues.changed()
    return { league, offered: 0 }
  })

  serve(app, updateLeagueContract, async (req, _reply, { user }) => {
    const ctx = { now: now(), claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }
    const saved = await inTransaction(db, async (tx) => {
      // Read once the league is held: the entry's before is what this change replaces, another admin's save included.
      await holdLeague(tx, req.params.leagueId)
      const current = await findLeagueForAdmin(tx, req.params.leagueId)
      if (!current) return undefined
      // Fields left out keep their values, so opening or closing sends isActive alone.
      const form = parseLeagueForm({ ...leagueFormValues(current), ...req.body })
      const settings = await checkedSettings(tx, form)
      await refuseEndBeforePlan(tx, { column: 'leagueId', id: current.id }, current.endDate, form.endDate, 'league')
      const changed = await updateLeague(tx, current.id, settings, ctx)
      if (changed) await recordStaffAction(tx, { by: actorOf(req, user), action: 'league-changed', entity: { kind: 'league', id: current.id, label: form.name }, before: leagueFormValues(current), after: form, now: ctx.now })
      return changed
    })
    activeLeagues.changed()
    if (!saved) throw notFound('There is no such league.')
    return saved
  })
}

/** The form rules, then the checks across fields they cannot express. */
function parseLeagueForm(body: unknown): LeagueFormValues {
  const form = parseForm(LeagueForm, body)
  const problems = leagueFormProblems(form)
  if (Object.keys(problems).length > 0) throw badRequest(FORM_MESSAGES.invalid, problems)
  return form
}

/**
 * Form strings to stored values. Team fields are kept only for team leagues and ages only for
 * Kids Sports: the form hides them otherwise, so what is stored is what staff saw.
 */
/** The form's stored values with its products, each refused a payment plan that runs past the league's end. */
async function checkedSettings(db: Db, form: LeagueFormValues): Promise<LeagueSettings> {
  const [priceProductId, teamFeeProductId] = [await productOf(db, form), await teamFeeProductOf(db, form)]
  await refusePlanAfterEnd(db, priceProductId, form.endDate, { noun: 'league', field: 'priceProduct' })
  await refusePlanAfterEnd(db, teamFeeProductId, form.endDate, { noun: 'league', field: 'teamFeeProduct' })
  return settingsFrom(form, priceProductId, teamFeeProductId)
}

/** The product of the price list the form chose for the price, checked; null: the typed price. */
function productOf(db: Db, form: LeagueFormValues): Promise<string | null> {
  return form.priceProduct === '' ? Promise.resolve(null) : chosenProduct(db, form.priceProduct, 'player-fee')
}

/** The product of the price list the form chose for the captain's fee (a team fee or a deposit), checked; null: the typed fee. */
function teamFeeProductOf(db: Db, form: LeagueFormValues): Promise<string | null> {
  if (form.kind !== 'team' || !teamPaysFee(form.teamPayment as TeamPayment) || form.teamFeeProduct === '') return Promise.resolve(null)
  return chosenProduct(db, form.teamFeeProduct, form.teamPayment === 'team-fee' ? 'team-fee' : 'team-deposit', 'teamFeeProduct')
}

function settingsFrom(form: LeagueFormValues, priceProductId: string | null, teamFeeProductId: string | null): LeagueSettings {
  const whole = (text: string) => (text === '' ? null : Number(text))
  const team = form.kind === 'team'
  const kids = form.sport === 'kids'
  return {
    name: form.name,
    sport: form.sport as Sport,
    kind: form.kind as LeagueKind,
    description: form.description === '' ? null : form.description,
    isActive: form.isActive === 'true',
    registrationDate: form.registrationDate,
    startDate: form.startDate,
    endDate: form.endDate,
    registrationDeadline: form.registrationDeadline === '' ? null : form.registrationDeadline,
    // Checked by leagueFormProblems.
    priceCents: centsFromDollars(form.price) ?? 0,
    priceProductId,
    capacity: whole(form.capacity),
    minimum: whole(form.minimum),
    payAtSignUp: form.payAtSignUp === 'true',
    teamCapacity: team ? whole(form.teamCapacity) : null,
    rosterMin: team ? whole(form.rosterMin) : null,
    rosterMax: team ? whole(form.rosterMax) : null,
    rosterDeadline: team && form.rosterDeadline !== '' ? form.rosterDeadline : null,
    teamPayment: team ? (form.teamPayment as TeamPayment) : null,
    teamFeeCents: team && teamPaysFee(form.teamPayment as TeamPayment) ? (centsFromDollars(form.teamFee) ?? 0) : null,
    teamFeeProductId,
    minAge: kids ? whole(form.minAge) : null,
    maxAge: kids ? whole(form.maxAge) : null,
  }
}
