import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import type { ImportRow } from '../../../shared/contracts/teams.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import type { teamLeaguesQuery } from '../../queries/teams.ts'
import { siteConfig } from '../../site-config.ts'
import { useImportTeams } from './api/use-import-teams.ts'

const OUTCOMES: Record<ImportRow['outcome'], string> = { create: 'New team', exists: 'Already in the league', error: 'Bad row' }

/**
 * Add Teams: staff add several teams to a league, typed one per line or from a CSV file (team
 * name, captain email, optional player emails). Check shows every row and every bad one with its
 * line; Import writes only a clean list, and importing it again adds nothing twice.
 */
export function AddTeamsScreen({ leaguesQuery }: { leaguesQuery: ReturnType<typeof teamLeaguesQuery> }) {
  const importing = useImportTeams()
  const hydrated = useHydrated()
  const leagues = useQuery(leaguesQuery)
  const [leagueId, setLeagueId] = useState('')
  const [text, setText] = useState('')
  const [result, setResult] = useState<{ rows: ImportRow[]; committed: boolean; checked: string } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function send(commit: boolean) {
    setBusy(true)
    setProblem(null)
    try {
      const answer = await importing.mutateAsync({ leagueId, text, commit })
      setResult({ ...answer, checked: `${leagueId}\n${text}` })
    } catch (error) {
      setResult(null)
      setProblem(error instanceof ApiError ? error.message : errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  async function readFile(file: File | undefined) {
    if (!file) return
    setText(await file.text())
    setResult(null)
  }

  const rows = result?.rows ?? []
  const bad = rows.filter((r) => r.outcome === 'error').length
  const creating = rows.filter((r) => r.outcome === 'create').length
  // Import confirms exactly what was checked: any change asks for a new check.
  const upToDate = result !== null && result.checked === `${leagueId}\n${text}`

  return (
    <section className="page">
      <h1>Add Teams</h1>
      <p>
        One team per line: <code>team name, captain email, player emails…</code> (players are optional). Each captain is emailed a link to
        complete the team, and its place is held meanwhile; the players are invited once the captain has.
      </p>
      <form
        className="staff-panel"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault()
          void send(false)
        }}
      >
        <div className="field">
          <label htmlFor="import-league">League</label>
          <select id="import-league" value={leagueId} onChange={(e) => setLeagueId(e.target.value)}>
            <option value="">Choose a team league</option>
            {leagues.data?.leagues.map((league) => (
              <option key={league.id} value={league.id}>
                {league.name}
                {league.teamPlacesLeft !== null && ` (${league.teamPlacesLeft} team places left)`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="import-file">CSV file</label>
          <input id="import-file" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.target.files?.[0])} />
        </div>
        <div className="field">
          <label htmlFor="import-text">Teams</label>
          <textarea id="import-text" rows={8} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="staff-actions">
          <button type="submit" className="button" disabled={busy || !hydrated}>
            Check
          </button>
          <button type="button" className="button secondary" disabled={busy || !upToDate || bad > 0 || creating === 0 || result?.committed} onClick={() => void send(true)}>
            Import {creating} team{creating === 1 ? '' : 's'}
          </button>
        </div>
      </form>
      {problem && <Alert>{problem}</Alert>}
      <div role="status">
        {result &&
          (result.committed
            ? `Imported: ${creating} team${creating === 1 ? '' : 's'} created${siteConfig.sendsEmail ? ', their captains emailed' : '. Email is not set up on this site: give each captain the invite link from their team’s page'}.`
            : bad > 0
              ? `${bad} bad row${bad === 1 ? '' : 's'}: fix ${bad === 1 ? 'it' : 'them'} and check again. Nothing has been written.`
              : `Ready: ${creating} new team${creating === 1 ? '' : 's'}. Nothing has been written yet.`)}
      </div>
      {rows.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Teams to add">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Team</th>
                <th scope="col">Captain</th>
                <th scope="col">Players</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <th scope="row">{row.name || '—'}</th>
                  <td>{row.captainEmail || '—'}</td>
                  <td className="staff-wrap">{row.players.join(', ') || '—'}</td>
                  <td>
                    {OUTCOMES[row.outcome]}
                    {row.message && `: ${row.message}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result?.committed && (
        <p>
          <Link to={href('teamsView')}>See every team</Link>
        </p>
      )}
    </section>
  )
}
