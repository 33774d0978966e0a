import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  changeCaptain as changeCaptainContract,
  createTeam as createTeamContract,
  getInvitation,
  getTeam,
  joinTeam as joinTeamContract,
  listTeamLeagues,
  myTeams,
  regenerateInvite as regenerateInviteContract,
  removePlayer as removePlayerContract,
  sendInvites,
  teamReceipt,
  listTeams,
  exportTeams,
  createHeldTeam as createHeldTeamContract,
  claimTeam,
  listLeaguePlayers,
  movePlayer as movePlayerContract,
  getPlayer,
  importTeams as importTeamsContract,
  renameTeam as renameTeamContract,
} from '../../../shared/contracts/teams.ts'
import { facilityToday } from '../../../shared/format.ts'
import { isStaff } from '../../../shared/roles.ts'
import { CreateTeamForm, INVITE_LIMITS, InviteEmailsForm, playersPayFee, StaffTeamForm, TEAM_MESSAGES, TEAM_STATUS_LABELS, teamPaysFee } from '../../../shared/schemas/team.ts'
import { dollarsText } from '../../../shared/money.ts'
import { sendCsv, toCsv } from '../../http/csv.ts'
import { validateField } from '../../../shared/validation/rules.ts'
import type { CurrentUser } from '../../auth/guards.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import type { Kinds } from '../../core/registrations/kinds.ts'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { findReceipt, findRegistrationView } from '../../core/registrations/registrations.queries.ts'
import { placeLabelOf, recordMove, recordStaffAction, type StaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import type { Db } from '../../db/connect.ts'
import { actorOf } from '../../http/actor.ts'
import type { ImportRow } from '../../../shared/contracts/teams.ts'
import { idempotencyKeyOf } from '../../http/input.ts'
import type { Invites } from './invites.ts'
import { createTeam, joinTeam } from './team-entry.ts'
import { leaguePlayers, listMyTeams, playerOnTeam, listTeamLeagues as listTeamLeaguesQuery, listTeamSummaries, teamState, type TeamState } from './teams.queries.ts'
import { movePlayer } from './placement.ts'
import { importTeams } from './import.ts'
import { claimHeldTeam, createHeldTeam, maskedEmail } from './team-holds.ts'
import { canManage, canSee, teamView } from './team-view.ts'
import { changeCaptain, emailInvites, regenerateInvite, removePlayer, renameTeam, rosterOpen } from './roster.ts'
import { findRosterPlaces, findTeamPlaces } from './team-places.ts'

/** Teams: captains create them and share their invite link, players join, captains and staff manage rosters. */
export function registerTeamRoutes(app: FastifyInstance, { db, config, now, kinds, invites }: RouteDeps & { kinds: Kinds; invites: Invites }): void {
  const today = (at: Date) => facilityToday(at, config.site.timeZone)
  const request = (user: CurrentUser, idempotencyKey: string | null) => {
    const at = now()
    return { userId: user.id, idempotencyKey, now: at, today: today(at), siteUrl: config.publicUrl, kinds, facilityName: config.site.facilityName }
  }

  /** The team as `viewer` sees it; anyone who may not see it gets the same 404 as for a missing team. */
  async function visibleTeam(params: { leagueId: string; teamId: string }, viewer: CurrentUser): Promise<TeamState> {
    const state = await teamState(db, params.leagueId, params.teamId)
    if (!state || !canSee(state, viewer)) throw notFound('There is no such team.')
    return state
  }
  async function managedTeam(params: { leagueId: string; teamId: string }, viewer: CurrentUser): Promise<TeamState> {
    const state = await visibleTeam(params, viewer)
    if (!canManage(state, viewer)) throw notFound('There is no such team.')
    return state
  }
  async function answer(params: { leagueId: string; teamId: string }, viewer: CurrentUser) {
    const state = await visibleTeam(params, viewer)
    const open = rosterOpen(await findRosterPlaces(db, state.team.id), today(now()))
    return { team: teamView(state, viewer, { invites, siteUrl: config.publicUrl, rosterOpen: open }) }
  }

  /** Open to everyone and the same for all: browsers may keep it and ask whether it changed. */
  serve(app, listTeamLeagues, async (req, reply) => {
    reply.header('cache-control', 'no-cache')
    return { leagues: await listTeamLeaguesQuery(db, req.query.sport) }
  })

  serve(app, createTeamContract, async (req, reply, { user }) => {
    const { name } = parseForm(CreateTeamForm, req.body)
    const { teamId, created } = await createTeam(db, { ...request(user, idempotencyKeyOf(req)), leagueId: req.params.leagueId, name })
    reply.code(created ? 201 : 200)
    return answer({ leagueId: req.params.leagueId, teamId }, user)
  })

  serve(app, myTeams, async (req, _reply, { user }) => {
    return { teams: await listMyTeams(db, user, { now: now(), timeZone: config.site.timeZone, held: (team, until) => ({ until, claimPath: invites.urlOf('', team) }) }) }
  })

  serve(app, getTeam, async (req, _reply, { user }) => answer(req.params, user))

  serve(app, getInvitation, async (req) => {
    const state = await teamState(db, req.params.leagueId, req.params.teamId)
    if (!state || !invites.matches(state.team, req.query.invite)) throw notFound(TEAM_MESSAGES.badInvite)
    if (state.status === 'withdrawn') throw notFound(TEAM_MESSAGES.teamWithdrawn)
    const roster = await findRosterPlaces(db, state.team.id)
    if (!roster) throw notFound(TEAM_MESSAGES.badInvite)
    const league = await db.kysely.selectFrom('leagues').select(['startDate', 'endDate']).where('id', '=', state.team.leagueId).executeTakeFirstOrThrow()
    const playing = state.players.filter((p) => p.status === 'confirmed').length
    const captain = state.players.find((p) => p.userId === state.team.captainUserId)?.name ?? ''
    return {
      invitation: {
        teamId: state.team.id,
        teamName: state.team.name,
        leagueId: state.team.leagueId,
        leagueName: state.team.leagueName,
        sport: state.team.sport,
        startDate: league.startDate,
        endDate: league.endDate,
        captainFirstName: captain.split(/\s+/)[0] ?? '',
        playerCount: playing,
        rosterMax: state.team.rosterMax,
        rosterFull: roster.capacity !== null && roster.placesTaken >= roster.capacity,
        rosterOpen: rosterOpen(roster, today(now())),
        rosterDeadline: state.team.rosterDeadline,
        playerFeeCents: playersPayFee(state.team.teamPayment) ? roster.listPriceCents : null,
        heldFor: state.status === 'held' ? maskedEmail(state.team.captainEmail ?? '') : null,
        teamFeeCents: teamPaysFee(state.team.teamPayment) ? ((await findTeamPlaces(db, state.team.leagueId))?.listPriceCents ?? 0) : null,
      },
    }
  })

  serve(app, joinTeamContract, async (req, reply, { user }) => {
    const { created } = await joinTeam(db, invites, { ...request(user, idempotencyKeyOf(req)), ...req.params, invite: req.body.invite })
    reply.code(created ? 201 : 200)
    return answer(req.params, user)
  })

  /**
   * A change a captain makes to their team, which staff make through the same routes: made by
   * staff, it is recorded in its own transaction (docs/decisions/0027), so a refused change leaves
   * no entry; made by the captain, it is theirs and is not audited.
   */
  async function changeTeam(req: FastifyRequest, user: CurrentUser, change: (db: Db) => Promise<void>, entry: (tx: Db) => Promise<Omit<StaffAction, 'by' | 'now'>>, at: Date): Promise<void> {
    if (!isStaff(user.role)) return change(db)
    await inTransaction(db, async (tx) => {
      await change(tx)
      await recordStaffAction(tx, { ...(await entry(tx)), by: actorOf(req, user), now: at })
    })
  }
  const teamEntity = (state: TeamState, name = state.team.name) => ({ kind: 'team' as const, id: state.team.id, label: `${name} (${state.team.leagueName})` })

  serve(app, regenerateInviteContract, async (req, _reply, { user }) => {
    const state = await managedTeam(req.params, user)
    const at = now()
    await changeTeam(req, user, (tx) => regenerateInvite(tx, state.team.id, at), async () => ({ action: 'team-invite-renewed', entity: teamEntity(state), before: null, after: null }), at)
    return answer(req.params, user)
  })

  serve(app, sendInvites, async (req, _reply, { user }) => {
    const state = await managedTeam(req.params, user)
    if (state.status === 'withdrawn') throw conflict(TEAM_MESSAGES.teamWithdrawn)
    const { emails } = parseForm(InviteEmailsForm, req.body)
    const addresses = [...new Set(emails.split(/[\s,;]+/).filter((a) => a !== '').map((a) => a.toLowerCase()))]
    const invalid = addresses.filter((a) => validateField({ label: 'Email', rules: 'email' }, a, {}) !== null)
    if (invalid.length > 0) throw badRequest(`These are not email addresses: ${invalid.join(', ')}.`, { emails: `Not email addresses: ${invalid.join(', ')}.` })
    const most = INVITE_LIMITS.perRequest
    if (addresses.length > most) throw badRequest(`Send at most ${most} addresses at once.`, { emails: `At most ${most} addresses at once.` })
    const at = now()
    const send = (tx: Db) =>
      emailInvites(tx, state.team, addresses, {
        facilityName: config.site.facilityName,
        captainName: state.players.find((p) => p.userId === state.team.captainUserId)?.name ?? user.displayName,
        inviteUrl: invites.urlOf(config.publicUrl, state.team),
        now: at,
        today: today(at),
      })
    await changeTeam(req, user, send, async () => ({ action: 'team-invites-emailed', entity: teamEntity(state), before: null, after: { emailed: addresses } }), at)
    return { sent: addresses }
  })

  serve(app, removePlayerContract, async (req, _reply, { user }) => {
    const state = await managedTeam(req.params, user)
    if (!isStaff(user.role) && !rosterOpen(await findRosterPlaces(db, state.team.id), today(now()))) throw conflict(TEAM_MESSAGES.rosterClosed)
    const at = now()
    const { registrationId } = req.params
    await changeTeam(
      req,
      user,
      (tx) => removePlayer(tx, state, registrationId, user.id, { now: at, claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds }),
      async (tx) => ({ action: 'player-removed', entity: { kind: 'registration', id: registrationId, label: await placeLabelOf(tx, registrationId) }, before: { team: state.team.name }, after: null }),
      at,
    )
    return answer(req.params, user)
  })

  serve(app, renameTeamContract, async (req, _reply, { user }) => {
    const state = await managedTeam(req.params, user)
    const { name } = parseForm(CreateTeamForm, req.body)
    const at = now()
    await changeTeam(req, user, (tx) => renameTeam(tx, state, name, at), async () => ({ action: 'team-renamed', entity: teamEntity(state, name), before: { name: state.team.name }, after: { name } }), at)
    return answer(req.params, user)
  })

  serve(app, changeCaptainContract, async (req, _reply, { user }) => {
    const state = await managedTeam(req.params, user)
    const at = now()
    const { registrationId } = req.body
    const nameOf = (userId: string | null) => state.players.find((p) => p.userId === userId)?.name ?? null
    await changeTeam(
      req,
      user,
      (tx) => changeCaptain(tx, state, registrationId, user, at),
      async (tx) => {
        const { captainUserId } = await tx.kysely.selectFrom('teams').select('captainUserId').where('id', '=', state.team.id).executeTakeFirstOrThrow()
        return { action: 'captain-changed', entity: teamEntity(state), before: { captain: nameOf(state.team.captainUserId) }, after: { captain: nameOf(captainUserId) } }
      },
      at,
    )
    return answer(req.params, user)
  })

  serve(app, createHeldTeamContract, async (req, _reply, { user: staff }) => {
    const form = parseForm(StaffTeamForm, req.body)
    const at = now()
    const record = (tx: Db, team: { id: string; leagueName: string }) =>
      recordStaffAction(tx, {
        by: actorOf(req, staff),
        action: 'team-held',
        entity: { kind: 'team', id: team.id, label: `${form.name} (${team.leagueName})` },
        before: null,
        after: { name: form.name, captainEmail: form.captainEmail },
        now: at,
      })
    const teamId = await createHeldTeam(db, invites, { ...form, now: at, holdMs: config.teamHoldMs, siteUrl: config.publicUrl, record })
    const team = (await listTeamSummaries(db, { leagueIds: [form.leagueId] })).find((t) => t.id === teamId)
    if (!team) throw new Error(`team ${teamId} vanished after it was made`)
    return { team }
  })

  serve(app, claimTeam, async (req, _reply, { user }) => {
    await claimHeldTeam(db, invites, { ...request(user, null), ...req.params, invite: req.body.invite, email: user.email })
    return answer(req.params, user)
  })

  // Staff and the player themselves; anyone else (the captain included) gets the 404 of a missing player.
  serve(app, getPlayer, async (req, _reply, { user: viewer }) => {
    const player = await playerOnTeam(db, { ...req.params, registrationId: req.params.playerId })
    if (!player || (player.userId !== viewer.id && !isStaff(viewer.role))) throw notFound('There is no such player on this team.')
    return { player }
  })

  serve(app, listLeaguePlayers, async (req) => {
    const players = await leaguePlayers(db, req.params.leagueId)
    if (!players) throw notFound('There is no such team league.')
    return players
  })

  serve(app, movePlayerContract, async (req, _reply, { user: admin }) => {
    const at = now()
    return inTransaction(db, async (tx) => {
      const before = await findRegistrationView(tx, kinds, req.params.registrationId)
      const moved = await movePlayer(tx, {
        registrationId: req.params.registrationId,
        toTeamId: req.body.teamId,
        actorId: admin.id,
        today: today(at),
        ctx: { now: at, claimWindowMs: config.claimWindowMs, siteUrl: config.publicUrl, kinds },
      })
      const after = await findRegistrationView(tx, kinds, moved.registrationId)
      if (before && after) await recordMove(tx, kinds, actorOf(req, admin), before, after, at)
      return moved
    })
  })

  serve(app, importTeamsContract, async (req, _reply, { user }) => {
    const { leagueId, text } = req.body
    const at = now()
    const record = (tx: Db, team: { id: string; leagueName: string }, row: ImportRow) =>
      recordStaffAction(tx, {
        by: actorOf(req, user),
        action: 'teams-imported',
        entity: { kind: 'team', id: team.id, label: `${row.name} (${team.leagueName})` },
        before: null,
        after: { name: row.name, captainEmail: row.captainEmail, players: row.players, line: row.line },
        now: at,
      })
    return importTeams(db, invites, { leagueId, text, commit: req.body.commit === true, now: at, holdMs: config.teamHoldMs, siteUrl: config.publicUrl, record })
  })

  serve(app, listTeams, async (req) => {
    return { teams: await listTeamSummaries(db, req.query.leagueId ? { leagueIds: [req.query.leagueId] } : {}) }
  })

  serve(app, exportTeams, async (req, reply) => {
    const teams = await listTeamSummaries(db, req.query.leagueId ? { leagueIds: [req.query.leagueId] } : {})
    const csv = toCsv(
      ['Team', 'League', 'Sport', 'Status', 'Captain', 'Captain email', 'Players', 'Roster maximum', 'Owed (dollars)', 'Created'],
      teams.map((t) => [t.name, t.leagueName, t.sport, TEAM_STATUS_LABELS[t.status], t.captainName, t.captainEmail, t.playerCount, t.rosterMax, dollarsText(t.owedCents), t.createdAt.slice(0, 10)]),
    )
    return sendCsv(reply, `teams-${today(now())}.csv`, csv)
  })

  // Receipts: the owner and staff only; anyone else gets the same 404 as a missing receipt.
  serve(app, teamReceipt, async (req, _reply, { user: viewer }) => {
    if (viewer.id !== req.params.userId && !isStaff(viewer.role)) throw notFound('There is no such receipt.')
    const { leagueId, userId, teamId } = req.params
    const receipt = await findReceipt(db, kinds, { userId, ownerId: leagueId, kindColumns: { teamId }, page: 'teamRegistrationReceipt' })
    if (!receipt) throw notFound('There is no such receipt.')
    return { receipt }
  })
}
