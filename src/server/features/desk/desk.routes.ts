import type { FastifyInstance } from 'fastify'
import {
  createWalkIn,
  customerRecord as customerRecordContract,
  findCustomers as findCustomersContract,
  leagueRegistrants,
  leagueRegistrantsCsv,
  registerAtDesk,
  sendPasswordReset,
  signWaiverAtDesk,
} from '../../../shared/contracts/desk.ts'
import { facilityToday } from '../../../shared/format.ts'
import { dollarsText } from '../../../shared/money.ts'
import { DESK_SEARCH_MIN, DeskRegistrationForm, DeskWaiverForm, WalkInForm } from '../../../shared/schemas/desk.ts'
import { STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import type { Auth } from '../../auth/auth.ts'
import { accountClaimEmail, passwordPageUrl, passwordResetEmail, RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from '../../auth/account-emails.ts'
import { hasPassword, passwordLinkToken } from '../../auth/reset-links.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { sendCsv, toCsv } from '../../http/csv.ts'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { siteOf } from '../../http/origins.ts'
import { setUserRole } from '../users/users.queries.ts'
import { enqueueEmail } from '../../core/outbox.queries.ts'
import { takePlace } from '../../core/registrations/engine.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { admit } from '../../core/registrations/admission.ts'
import { findLeagueOffering } from '../registrations/league-places.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { currentWaiver, signWaiver } from '../../core/waivers.queries.ts'
import { formatPhone } from '../../../shared/phone.ts'
import type { Invites } from '../teams/invites.ts'
import { joinTeam } from '../teams/team-entry.ts'
import { findTeamRow, placeInLeague } from '../teams/teams.queries.ts'
import { findRegistrationView } from '../../core/registrations/registrations.queries.ts'
import { findChild } from '../../core/children.queries.ts'
import { customerRecord, findCustomerAccount, findCustomers, listRegistrants } from './desk.queries.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { actorOf } from '../../http/actor.ts'
import type { Db } from '../../db/connect.ts'
import { inTransaction } from '../../db/transaction.ts'

/**
 * The front desk (docs/decisions/0016): staff — admins and employees — find a customer, read
 * their record, create a walk-in's account, record the waiver signed on the staff screen,
 * register them through the same engine as online, send a password link, and print a league's
 * registrants. Every route is `staff`; the guard runs from the contract (http/access.ts).
 */
export function registerDeskRoutes(app: FastifyInstance, { db, config, now, kinds, auth, invites }: RouteDeps & { kinds: Kinds; auth: Auth; invites: Invites }): void {
  const facility = config.site.facilityName
  const mailServer = config.smtpUrl !== undefined

  /** The customer's whole record, the answer of the routes that change it. */
  const recordOf = (userId: string) => customerRecord(db, kinds, userId, { now: now(), timeZone: config.site.timeZone })

  /** The guard alone, where the answer is not the record: one row instead of the whole family. */
  async function accountOf(userId: string) {
    const account = await findCustomerAccount(db, userId)
    if (!account) throw notFound('There is no such customer.')
    return account
  }

  /**
   * A one-time link to choose a password for a customer, its email queued with it when there is a
   * mail server. While the account has never had a password (a walk-in who has not claimed it yet),
   * every link is a claim: worded as a first password, signing them in once chosen, as long-lived
   * as the first and emailed as the account-claim email. After that, a reset. `then` runs in the
   * transaction that stores the link (its audit entry).
   */
  async function customerPasswordLink(
    customer: { id: string; email: string; displayName: string },
    { madeBy, now: at }: { madeBy: string; now: Date },
    then?: (tx: Db) => Promise<void>,
  ): Promise<{ token: string; expiresAt: Date; welcome: boolean }> {
    const welcome = !(await hasPassword(db, customer.id))
    const validHours = welcome ? VERIFICATION_LINK_HOURS : RESET_LINK_HOURS
    const made = { userId: customer.id, madeBy, now: at, validHours, limits: config.passwordLinks, who: 'customer' as const }
    const { token, expiresAt } = await passwordLinkToken(auth, db, made, async (tx, token) => {
      const to = { email: customer.email, name: customer.displayName, emailVerified: true }
      if (mailServer) await enqueueEmail(tx, welcome ? accountClaimEmail(facility, config.publicUrl, to, token, validHours) : passwordResetEmail(facility, config.publicUrl, to, token), at)
      await then?.(tx)
    })
    return { token, expiresAt, welcome }
  }

  serve(app, findCustomersContract, async (req) => {
    const q = (req.query.q ?? '').trim()
    if (q.length < DESK_SEARCH_MIN) throw badRequest(`Type at least ${DESK_SEARCH_MIN} letters or digits of a name, email or phone.`, { q: `At least ${DESK_SEARCH_MIN} characters.` })
    return { customers: await findCustomers(db, q) }
  })

  serve(app, customerRecordContract, async (req) => ({ customer: await recordOf(req.params.userId) }))

  serve(app, createWalkIn, async (req, _reply, { user: staff }) => {
    const form = parseForm(WalkInForm, req.body)
    const taken = () => conflict('An account with this email already exists: find it with the search above.', { email: 'An account with this email already exists.' })
    if (await db.kysely.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirst()) throw taken()
    const { internalAdapter } = await auth.$context
    // Staff saw the person: the address is theirs to claim. The account has no password until they choose one (hasPassword).
    // The same walk-in sent twice at once passes the check twice: the unique address decides.
    const created = await internalAdapter.createUser({ email: form.email, name: form.displayName, phone: form.phone, emailVerified: true }, { method: 'email-password' }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error
    })
    await internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: null })
    const at = now()
    // The account's rows are the authentication library's writes; its role, the site's first, commits with the entry,
    // so an account the desk made is on record even when its claim link then fails.
    await inTransaction(db, async (tx) => {
      await setUserRole(tx, created.id, 'customer')
      const entity = { kind: 'user' as const, id: created.id, label: form.displayName }
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'walk-in-created', entity, before: null, after: { name: form.displayName, email: form.email, phone: form.phone, emailed: mailServer }, now: at })
    })
    // The claim link's row and its email commit together.
    const { token, welcome } = await customerPasswordLink({ id: created.id, email: form.email, displayName: form.displayName }, { madeBy: staff.id, now: at })
    // Handed over at the counter, the link leads to the address the desk is on: the customer scans it there.
    const link = passwordPageUrl(siteOf(req, config.origins, config.publicUrl), token, { welcome })
    return { customer: await recordOf(created.id), claimLink: mailServer ? null : link }
  })

  serve(app, sendPasswordReset, async (req, _reply, { user: staff }) => {
    const customer = await accountOf(req.params.userId)
    const at = now()
    const { token, expiresAt, welcome } = await customerPasswordLink(customer, { madeBy: staff.id, now: at }, async (tx) => {
      const entity = { kind: 'user' as const, id: customer.id, label: customer.displayName }
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'password-link', entity, before: null, after: { emailed: mailServer }, now: at })
    })
    if (mailServer) return { emailed: true, link: null, expiresAt: expiresAt.toISOString() }
    // No mail server: the one-time link is for staff to hand over in person, valid as long as an emailed one.
    return { emailed: false, link: passwordPageUrl(siteOf(req, config.origins, config.publicUrl), token, { welcome }), expiresAt: expiresAt.toISOString() }
  })

  serve(app, signWaiverAtDesk, async (req, _reply, { user: staff }) => {
    const customer = await accountOf(req.params.userId)
    const { signedName } = parseForm(DeskWaiverForm, req.body)
    const childId = childIdOf(req.body)
    if (childId && !(await findChild(db, customer.id, childId))) throw badRequest('Choose one of this customer’s children.', { childId: 'Choose one of this customer’s children.' })
    const at = now()
    await inTransaction(db, async (tx) => {
      const waiver = await currentWaiver(tx)
      await signWaiver(tx, { userId: customer.id, childId, waiverVersion: waiver.version, signedName, ipAddress: null, userAgent: 'front desk', witnessedBy: staff.id, now: at })
      const entity = { kind: 'user' as const, id: customer.id, label: customer.displayName }
      await recordStaffAction(tx, { by: actorOf(req, staff), action: 'waiver-signed-at-desk', entity, before: null, after: { version: waiver.version, signedName, childId }, now: at })
    })
    return { customer: await recordOf(customer.id) }
  })

  serve(app, registerAtDesk, async (req, reply, { user: staff }) => {
    const customer = await accountOf(req.params.userId)
    const { leagueId, teamId } = parseForm(DeskRegistrationForm, req.body)
    const childId = childIdOf(req.body)
    const at = now()
    const today = facilityToday(at, config.site.timeZone)
    if (teamId) {
      if (childId) throw badRequest('Teams take the account holder: choose them, not a child.', { childId: 'Teams take the account holder.' })
      const team = await findTeamRow(db, leagueId, teamId)
      if (!team) throw notFound('There is no such team in this league.')
      const request = { userId: customer.id, idempotencyKey: idempotencyKeyOf(req), now: at, today, siteUrl: config.publicUrl, kinds, facilityName: config.site.facilityName }
      // Staff stand in for the invite link the captain would have handed over.
      const { created } = await joinTeam(db, invites, { ...request, leagueId, teamId, invite: invites.codeOf(team), staff: actorOf(req, staff) })
      const place = await placeInLeague(db, leagueId, customer.id)
      const registration = place && (await findRegistrationView(db, kinds, place.id))
      if (!registration) throw conflict('The place on the team ended while it was being taken. Try again.')
      reply.code(created ? 201 : 200)
      return { registration, created }
    }
    const offering = await findLeagueOffering(db, leagueId, { kind: 'individual' })
    if (!offering) throw notFound('This league is not open for registration.')
    // Staff may register a family past the places one account may take online (issue 30).
    const admission = await admit(db, offering, { userId: customer.id, childId, today, placesPerAccount: null })
    // The history says the desk took it, not the customer.
    const event = { actorId: staff.id, details: { atDesk: true } }
    const result = await takePlace(db, { ...admission, offering, userId: customer.id, idempotencyKey: idempotencyKeyOf(req), now: at, today, siteUrl: config.publicUrl, kinds, event, staff: actorOf(req, staff) })
    reply.code(result.created ? 201 : 200)
    return result
  })

  serve(app, leagueRegistrants, async (req) => {
    const list = await listRegistrants(db, req.params.leagueId)
    if (!list) throw notFound('There is no such league.')
    return list
  })

  serve(app, leagueRegistrantsCsv, async (req, reply) => {
    const list = await listRegistrants(db, req.params.leagueId)
    if (!list) throw notFound('There is no such league.')
    const csv = toCsv(
      ['Team', 'Captain', 'Name', 'Age', 'Account', 'Email', 'Phone', 'Emergency contact', 'Medical notes', 'Waiver', 'Status', 'Balance (dollars)'],
      list.registrants.map((r) => [
        r.team?.name ?? '',
        r.isCaptain ? 'Captain' : '',
        r.name,
        r.age,
        r.accountName,
        r.email,
        formatPhone(r.phone),
        r.emergencyContact ?? '',
        r.medicalNotes ?? '',
        r.waiverSigned ? 'Signed' : 'Not signed',
        STATUS_LABELS[r.status as keyof typeof STATUS_LABELS] ?? r.status,
        dollarsText(r.balanceCents),
      ]),
    )
    const name = list.league.name.replace(/[^\w-]+/g, '-').toLowerCase()
    return sendCsv(reply, `registrants-${name}-${facilityToday(now(), config.site.timeZone)}.csv`, csv)
  })
}

/** The child a desk form names, or null for the account holder (the field is optional text). */
function childIdOf(body: { childId?: unknown }): string | null {
  return typeof body.childId === 'string' && body.childId !== '' ? body.childId : null
}
