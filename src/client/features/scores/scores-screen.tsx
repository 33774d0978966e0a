import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import type { ScoreGame } from '../../../shared/contracts/scores.ts'
import type { ScoreInput } from '../../../shared/schemas/scores.ts'
import { formatTime } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { MAX_SCORE, resultText } from '../../../shared/scores.ts'
import { StandingsTable } from '../../components/standings-table.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { scoreStandingsQuery, type scoreSheetQuery } from '../../queries/scores.ts'
import { useRecordScore } from './api/use-record-score.ts'

/** What the last change of a game's result said: saved, or why not (a refusal names the result now). */
interface Note {
  tone: 'success' | 'error'
  text: string
}

/**
 * The scorer's table (issue 33), made for a phone: pick a league, then each game of today and the
 * earlier ones still without a result, one card each: the two scores in big number fields, Save,
 * a forfeit by either team, or the result cleared. The league's standings follow below.
 */
export function ScoresScreen({ sheetQuery }: { sheetQuery: ReturnType<typeof scoreSheetQuery> }) {
  const { data, error } = useQuery(sheetQuery)
  const navigate = useNavigate()
  if (error) return <Alert>{errorMessage(error)}</Alert>
  if (!data) return <p className="loading">Loading the games…</p>
  const { league } = data
  if (!league) return <p>No team league has a published schedule yet: scores are entered on a published schedule’s games.</p>
  const todays = data.games.filter((g) => g.date === data.today)
  const earlier = data.games.filter((g) => g.date < data.today)
  return (
    <>
      <div className="field score-league">
        <label htmlFor="score-league">League</label>
        <select id="score-league" value={league.id} onChange={(e) => void navigate(href('scores', { leagueId: e.target.value }))}>
          {data.leagues.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
              {l.gamesToScore > 0 ? ` (${l.gamesToScore} to score)` : ''}
            </option>
          ))}
        </select>
      </div>
      <h2>Today</h2>
      <GameList leagueId={league.id} games={todays} empty="No game of this league today." />
      <h2>Earlier games</h2>
      <GameList leagueId={league.id} games={earlier} empty="No earlier game." />
      <h2>Standings</h2>
      <LeagueStandings leagueId={league.id} />
    </>
  )
}

/**
 * The games in the order first read: a game scored keeps its place (and the focus) until the
 * page is opened again, where the sheet read again would move it below those still to score.
 */
function GameList({ leagueId, games, empty }: { leagueId: string; games: ScoreGame[]; empty: string }) {
  const [order, setOrder] = useState(() => games.map((g) => g.id))
  const added = games.filter((g) => !order.includes(g.id))
  if (added.length > 0) setOrder([...order, ...added.map((g) => g.id)])
  if (games.length === 0) return <p>{empty}</p>
  return (
    <ul className="score-games">
      {[...games]
        .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
        .map((game) => (
          <GameCard key={game.id} leagueId={leagueId} game={game} />
        ))}
    </ul>
  )
}

const hasResult = (g: ScoreGame) => g.forfeitedBy !== null || (g.homeScore !== null && g.awayScore !== null)
/** A score field's first value: the stored score, blank when there is none or it was a forfeit's. */
const fieldValue = (g: ScoreGame, score: number | null) => (score === null || g.forfeitedBy !== null ? '' : String(score))
const SCORE = /^\d{1,3}$/
const SCORE_HINT = `Enter each score as a whole number from 0 to ${MAX_SCORE}.`

function GameCard({ leagueId, game }: { leagueId: string; game: ScoreGame }) {
  const id = useId()
  const [home, setHome] = useState(fieldValue(game, game.homeScore))
  const [away, setAway] = useState(fieldValue(game, game.awayScore))
  const [problem, setProblem] = useState(false)
  const [note, setNote] = useState<Note | null>(null)
  // The result changed (saved here, or by another scorer): the fields show it as stored.
  const [shown, setShown] = useState(game.scoreVersion)
  if (shown !== game.scoreVersion) {
    setShown(game.scoreVersion)
    setHome(fieldValue(game, game.homeScore))
    setAway(fieldValue(game, game.awayScore))
    setProblem(false)
  }
  const record = useRecordScore(leagueId)
  const send = (body: ScoreInput) =>
    record.mutate(
      { gameId: game.id, body },
      {
        onSuccess: ({ game: saved }) => setNote({ tone: 'success', text: `Saved: ${resultText(saved)}.` }),
        onError: (e) => setNote({ tone: 'error', text: errorMessage(e) ?? '' }),
      },
    )
  const version = game.scoreVersion
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const ok = SCORE.test(home.trim()) && SCORE.test(away.trim())
    setProblem(!ok)
    if (ok) send({ outcome: 'score', version, homeScore: Number(home.trim()), awayScore: Number(away.trim()) })
  }
  const field = (side: 'home' | 'away', value: string, set: (v: string) => void) => (
    <div className="field">
      <label htmlFor={`${id}-${side}`}>{game[side].name}</label>
      <input
        id={`${id}-${side}`}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={3}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={problem && !SCORE.test(value.trim())}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
    </div>
  )
  return (
    <li className="score-game" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {game.home.name} v {game.away.name}
      </h3>
      <p className="score-when">
        {formatDate(game.date)}, {formatTime(game.startTime)} · {game.area.name}
      </p>
      <p>
        Result: <strong>{resultText(game)}</strong>
      </p>
      {game.started ? (
        <form onSubmit={submit} aria-label={`Score of ${game.home.name} v ${game.away.name}`} noValidate>
          <div className="score-inputs">
            {field('home', home, setHome)}
            {field('away', away, setAway)}
          </div>
          {problem && (
            <p className="field-error" id={`${id}-problem`}>
              {SCORE_HINT}
            </p>
          )}
          <div className="score-actions">
            <button type="submit" className="button" disabled={record.isPending}>
              Save score
            </button>
            {hasResult(game) && (
              <button type="button" className="button secondary" disabled={record.isPending} onClick={() => send({ outcome: 'clear', version })}>
                Clear result
              </button>
            )}
          </div>
          <fieldset className="score-forfeit">
            <legend>Or a forfeit</legend>
            {[game.home, game.away].map((team) => (
              <button key={team.id} type="button" className="button secondary" disabled={record.isPending} onClick={() => send({ outcome: 'forfeit', version, forfeitedBy: team.id })}>
                {team.name} forfeited
              </button>
            ))}
          </fieldset>
        </form>
      ) : (
        <p>Starts at {formatTime(game.startTime)}: its score can be entered once it has started.</p>
      )}
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
    </li>
  )
}

function LeagueStandings({ leagueId }: { leagueId: string }) {
  const { data, error } = useQuery(scoreStandingsQuery(leagueId))
  if (error) return <Alert>{errorMessage(error)}</Alert>
  if (!data) return <p className="loading">Loading the standings…</p>
  return <StandingsTable standings={data.standings} />
}
