import { parse } from 'csv-parse/sync'
import type { Db } from '../../db/connect.ts'
import { normalisedValue, validateField } from '../../../shared/validation/rules.ts'
import { StaffTeamForm } from '../../../shared/schemas/team.ts'
import { teamNameKey } from './team-name-key.ts'
import type { ImportRow } from '../../../shared/contracts/teams.ts'
import { invalid, notFound, Refusal } from '../../core/refusals.ts'
import type { Invites } from './invites.ts'
import { createHeldTeam } from './team-holds.ts'
import { findTeamPlaces } from './team-places.ts'

/** More rows than a league holds teams is a mistake; this bounds the work of one request. */
const MAX_IMPORT_ROWS = 200
/** Player emails: more than a roster on one row, or in one file, is a mailing, not a league (issue 21). */
const MAX_PLAYERS_PER_ROW = 30
const MAX_PLAYERS_PER_FILE = 500

const EMAIL = { label: 'Email', rules: 'email' }

/**
 * Teams from a CSV file or typed lines (/addTeams): `team name, captain email, player emails…`,
 * an optional header row. Each row is checked — its fields, a name twice in the file, a name
 * already in the league (the same team and captain again is skipped, so importing a file twice
 * makes nothing twice), and the team places left — and the answer lists every row with what
 * would happen. With `commit`, and only when no row is bad, each new team is made as staff make
 * one (/createTeamAdmin): its place held and its captain emailed; its players are invited once
 * the captain completes it.
 */
export async function importTeams(
  db: Db,
  invites: Invites,
  req: {
    leagueId: string
    text: string
    commit: boolean
    now: Date
    holdMs: number
    siteUrl: string
    /** Written in each new team's transaction: its audit entry (core/audit.ts). */
    record?: (tx: Db, team: { id: string; leagueName: string }, row: ImportRow) => Promise<void>
  },
): Promise<{ rows: ImportRow[]; committed: boolean }> {
  const places = await findTeamPlaces(db, req.leagueId)
  if (!places) throw notFound('Choose an open team league.')
  const records = readRecords(req.text)
  if (records.length === 0) throw invalid('There are no teams in what you sent: one team per line, as team name, captain email, player emails.')
  if (records.length > MAX_IMPORT_ROWS) throw invalid(`Send at most ${MAX_IMPORT_ROWS} teams at once.`)
  const playerEmails = records.reduce((n, r) => n + Math.max(0, r.cells.length - 2), 0)
  if (playerEmails > MAX_PLAYERS_PER_FILE) throw invalid(`Send at most ${MAX_PLAYERS_PER_FILE} player emails in one file; this one has ${playerEmails}.`)

  const existing = await db.kysely.selectFrom('teams').select(['nameKey', 'captainEmail']).where('leagueId', '=', req.leagueId).execute()
  const captainEmails = await db.kysely
    .selectFrom('teams as t')
    .innerJoin('users as u', 'u.id', 't.captainUserId')
    .select(['t.nameKey', 'u.email'])
    .where('t.leagueId', '=', req.leagueId)
    .execute()
  const captainOf = new Map([...existing.map((t) => [t.nameKey, t.captainEmail] as const), ...captainEmails.map((t) => [t.nameKey, t.email] as const)])
  const seen = new Map<string, number>()
  let placesLeft = places.capacity === null ? Infinity : places.capacity - places.placesTaken

  const rows = records.map(({ line, cells }): ImportRow => {
    const [rawName = '', rawCaptain = '', ...rawPlayers] = cells
    const name = normalisedValue(StaffTeamForm.name, rawName)
    const captainEmail = normalisedValue(StaffTeamForm.captainEmail, rawCaptain)
    const players = rawPlayers.map((p) => normalisedValue(StaffTeamForm.captainEmail, p)).filter((p) => p !== '')
    const row = { line, name, captainEmail, players }
    const problem =
      (players.length > MAX_PLAYERS_PER_ROW ? `A team lists at most ${MAX_PLAYERS_PER_ROW} player emails; this one lists ${players.length}.` : null) ??
      validateField(StaffTeamForm.name, name, {}) ??
      validateField({ ...StaffTeamForm.captainEmail, label: 'Captain email' }, captainEmail, {}) ??
      players.map((p) => (validateField(EMAIL, p, {}) === null ? null : `“${p}” is not an email address.`)).find((m) => m !== null) ??
      null
    if (problem) return { ...row, outcome: 'error', message: problem }
    const key = teamNameKey(name)
    const twice = seen.get(key)
    if (twice !== undefined) return { ...row, outcome: 'error', message: `The team ${name} is on line ${twice} too.` }
    seen.set(key, line)
    if (captainOf.has(key)) {
      return captainOf.get(key)?.toLowerCase() === captainEmail
        ? { ...row, outcome: 'exists', message: 'Already in the league: skipped.' }
        : { ...row, outcome: 'error', message: 'A team of this name already plays in the league, with another captain.' }
    }
    if (placesLeft <= 0) return { ...row, outcome: 'error', message: 'No team place is left in the league for this team.' }
    placesLeft -= 1
    return { ...row, outcome: 'create', message: null }
  })

  if (!req.commit || rows.some((r) => r.outcome === 'error')) return { rows, committed: false }
  for (const row of rows) {
    if (row.outcome !== 'create') continue
    try {
      const record = req.record && ((tx: Db, team: { id: string; leagueName: string }) => req.record!(tx, team, row))
      await createHeldTeam(db, invites, { leagueId: req.leagueId, name: row.name, captainEmail: row.captainEmail, playerEmails: row.players, now: req.now, holdMs: req.holdMs, siteUrl: req.siteUrl, record })
    } catch (error) {
      // Someone changed the league meanwhile: this row says so, the rest carry on.
      if (!(error instanceof Refusal)) throw error
      Object.assign(row, { outcome: 'error', message: error.message })
    }
  }
  return { rows, committed: true }
}

/** The rows of the text with their line numbers, a header row and blank lines left out. */
function readRecords(text: string): { line: number; cells: string[] }[] {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, info: true, bom: true })
  } catch (error) {
    throw invalid(`The file could not be read as CSV: ${(error as Error).message}`)
  }
  const rows = records.map(({ record, info }) => ({ line: info.lines, cells: record }))
  const first = rows[0]?.cells[0]?.toLowerCase()
  return first === 'team' || first === 'team name' ? rows.slice(1) : rows
}
