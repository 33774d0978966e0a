import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { formatTime } from '../../../shared/academy-schedule.ts'
import type { Game, Schedule, ScheduleProblem, ScheduleReport } from '../../../shared/contracts/schedule.ts'
import { formatDate, formatDateTime } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { useConfirm } from '../../components/ui/confirm-dialog.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { playingAreasQuery } from '../../queries/playing-areas.ts'
import type { gameNightsQuery, scheduleQuery } from '../../queries/schedule.ts'
import { useGenerateSchedule, useMoveGame, usePublishSchedule, useSwapGames } from './api/use-schedule-changes.ts'
import { GameNightsForm } from './game-nights-form.tsx'

/**
 * /leagueSchedule/:leagueId (issue 33): an admin sets a team league's game nights, generates the
 * draft from them, reads it (the games by date, each team's spread, what could not be placed,
 * the captains' blackout dates: a report the server computes from the stored games, so a reload
 * keeps it), swaps or moves games with the warnings each change raises, and publishes it. Once
 * published, each change is emailed to the two teams' captains and players.
 */

const gameText = (game: Game) => `${formatDate(game.date)} ${formatTime(game.startTime)}, ${game.area.name}: ${game.home.name} vs ${game.away.name}`

function Problems({ problems, label }: { problems: readonly ScheduleProblem[]; label: string }) {
  if (problems.length === 0) return null
  return (
    <Alert tone="info">
      <p>{label}</p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>{p.message}</li>
        ))}
      </ul>
    </Alert>
  )
}

export function ScheduleScreen({
  leagueId,
  nightsQuery,
  gamesQuery,
  areasQuery,
}: {
  leagueId: string
  nightsQuery: ReturnType<typeof gameNightsQuery>
  gamesQuery: ReturnType<typeof scheduleQuery>
  areasQuery: ReturnType<typeof playingAreasQuery>
}) {
  const nights = useQuery(nightsQuery)
  const games = useQuery(gamesQuery)
  const generate = useGenerateSchedule(leagueId)
  const publish = usePublishSchedule(leagueId)
  const confirm = useConfirm()
  const [outcome, setOutcome] = useState('')
  const [warnings, setWarnings] = useState<ScheduleProblem[]>([])

  const error = nights.error ?? games.error
  const league = nights.data?.league
  const schedule = games.data?.schedule
  const changed = (text: string, raised: ScheduleProblem[] = []) => {
    setOutcome(text)
    setWarnings(raised)
  }
  const runGenerate = () => {
    changed('')
    generate.mutate(undefined, {
      onSuccess: (answer) => {
        changed(`Generated ${answer.schedule.games.length} games. Look them over, then publish.`)
      },
    })
  }
  const askPublish = (current: Schedule) =>
    confirm.ask({
      question: `Publish ${current.league.name}’s schedule? The teams see their games, and from then on every change is emailed to the two teams’ captains and players.`,
      confirmLabel: 'Publish',
      onConfirm: () => {
        changed('')
        publish.mutate(undefined, { onSuccess: () => changed('Published. Teams now see their games.') })
      },
    })

  return (
    <>
      <p>
        <Link to={href('leagues')}>Back to the leagues</Link>
      </p>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!error && (!nights.data || !games.data) && <p className="loading">Loading the schedule…</p>}
      {league && nights.data && (
        <>
          <h2>{league.name}</h2>
          <GameNightsForm key={nights.data.gameNights?.updatedAt ?? 'new'} league={league} answer={nights.data} areasQuery={areasQuery} onSaved={() => changed('Saved the game nights.')} />
        </>
      )}
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      <Problems problems={warnings} label="This change breaks these rules (it was made):" />
      {schedule && league && (
        <section aria-labelledby="schedule-heading">
          <h2 id="schedule-heading">Schedule</h2>
          <p>
            {schedule.status === 'none' && 'No games yet: set the game nights, then generate the schedule from the league’s Complete teams.'}
            {schedule.status === 'draft' && `A draft of ${schedule.games.length} games: only staff see it until it is published.`}
            {schedule.status === 'published' && schedule.publishedAt && `Published ${formatDateTime(schedule.publishedAt)}. Every change to a game is emailed to the two teams’ captains and players.`}
          </p>
          {generate.error && <Alert>{errorMessage(generate.error)}</Alert>}
          {publish.error && <Alert>{errorMessage(publish.error)}</Alert>}
          <div className="staff-actions">
            {schedule.status !== 'published' && nights.data?.gameNights && (
              <button type="button" className="button" disabled={generate.isPending} onClick={runGenerate}>
                {generate.isPending ? 'Generating…' : schedule.status === 'draft' ? 'Generate the schedule again' : 'Generate the schedule'}
              </button>
            )}
            {schedule.status === 'draft' && (
              <button type="button" className="button secondary" disabled={publish.isPending} onClick={() => askPublish(schedule)}>
                Publish
              </button>
            )}
          </div>
          {confirm.dialog}
          {(schedule.status !== 'none' || schedule.report.unplaced.length > 0) && <Report report={schedule.report} />}
          <Blackouts blackouts={schedule.blackouts} />
          <Problems problems={schedule.problems} label="Problems in the schedule:" />
          {schedule.games.length > 0 && <GamesTable games={schedule.games} />}
          {schedule.games.length > 0 && <ChangeForms schedule={schedule} leagueId={leagueId} onChanged={changed} />}
        </section>
      )}
    </>
  )
}

function GamesTable({ games }: { games: Game[] }) {
  return (
    <StaffTable
      label="Games"
      rows={games}
      rowKey={(game) => game.id}
      columns={[
        { header: 'Date', rowHeader: true, cell: (game) => formatDate(game.date) },
        { header: 'Time', cell: (game) => `${formatTime(game.startTime)} – ${formatTime(game.endTime)}` },
        { header: 'Playing area', cell: (game) => game.area.name },
        { header: 'Game', className: 'staff-wrap', cell: (game) => `${game.home.name} vs ${game.away.name}` },
      ]}
    />
  )
}

function Report({ report }: { report: ScheduleReport }) {
  return (
    <section aria-labelledby="spread-heading">
      <h3 id="spread-heading">Spread per team</h3>
      <StaffTable
        label="Spread per team"
        rows={report.spread}
        rowKey={(row) => row.team.id}
        columns={[
          { header: 'Team', rowHeader: true, cell: (row) => row.team.name },
          { header: 'Games', cell: (row) => row.games },
          { header: 'Earliest', cell: (row) => row.earliest },
          { header: 'Latest', cell: (row) => row.latest },
          { header: 'Byes', cell: (row) => row.byes },
        ]}
      />
      {report.unplaced.length > 0 && (
        <Alert tone="info">
          <p>Games the free slots could not take: add game nights, dates or playing areas, then generate again.</p>
          <ul>
            {report.unplaced.map((u, i) => (
              <li key={i}>
                {u.home.name} vs {u.away.name}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {report.blackoutsBroken.length > 0 && (
        <Alert tone="info">
          <p>Blackout dates a game had to be put on:</p>
          <ul>
            {report.blackoutsBroken.map((b, i) => (
              <li key={i}>
                {b.team.name}: {formatDate(b.date)}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </section>
  )
}

function Blackouts({ blackouts }: { blackouts: Schedule['blackouts'] }) {
  return (
    <section aria-labelledby="blackouts-heading">
      <h3 id="blackouts-heading">Blackout dates</h3>
      {blackouts.length === 0 ? (
        <p className="staff-muted">No captain has entered blackout dates.</p>
      ) : (
        <StaffTable
          label="Blackout dates"
          rows={blackouts}
          rowKey={(row) => row.team.id}
          columns={[
            { header: 'Team', rowHeader: true, cell: (row) => row.team.name },
            { header: 'Dates', className: 'staff-wrap', cell: (row) => row.dates.map((d) => formatDate(d)).join(', ') },
          ]}
        />
      )}
    </section>
  )
}

const slotKey = (slot: { date: string; startTime: string; area: { id: string } }) => `${slot.date}|${slot.startTime}|${slot.area.id}`

function ChangeForms({ schedule, leagueId, onChanged }: { schedule: Schedule; leagueId: string; onChanged(text: string, warnings: ScheduleProblem[]): void }) {
  const swap = useSwapGames(leagueId)
  const move = useMoveGame(leagueId)
  const [first, setFirst] = useState('')
  const [second, setSecond] = useState('')
  const [moving, setMoving] = useState('')
  const [slot, setSlot] = useState('')
  const swapFields = swap.error instanceof ApiError ? swap.error.fields : {}
  const moveFields = move.error instanceof ApiError ? move.error.fields : {}
  const told = (notified: number) => (notified > 0 ? ` ${notified} email${notified === 1 ? '' : 's'} sent to the teams.` : '')

  const submitSwap = (event: FormEvent) => {
    event.preventDefault()
    onChanged('', [])
    swap.mutate([first, second], {
      onSuccess: (answer) => {
        setFirst('')
        setSecond('')
        onChanged(`Swapped the two games.${told(answer.notified)}`, answer.warnings)
      },
    })
  }
  const submitMove = (event: FormEvent) => {
    event.preventDefault()
    onChanged('', [])
    const to = schedule.freeSlots.find((s) => slotKey(s) === slot)
    move.mutate(
      { gameId: moving, to: { date: to?.date ?? '', startTime: to?.startTime ?? '', areaId: to?.area.id ?? '' } },
      {
        onSuccess: (answer) => {
          setMoving('')
          setSlot('')
          onChanged(`Moved the game.${told(answer.notified)}`, answer.warnings)
        },
      },
    )
  }
  const gameOptions = schedule.games.map((game) => (
    <option key={game.id} value={game.id}>
      {gameText(game)}
    </option>
  ))
  const select = (id: string, label: string, value: string, set: (v: string) => void, error: string | undefined, options: ReactNode) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => set(e.target.value)}>
        <option value="">Choose…</option>
        {options}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
  return (
    <div className="staff-form-grid">
      <section className="staff-panel" aria-labelledby="swap-heading">
        <h3 id="swap-heading">Swap two games</h3>
        <form onSubmit={submitSwap} noValidate>
          {swap.error && <Alert>{errorMessage(swap.error)}</Alert>}
          {select('swap-first', 'First game', first, setFirst, swapFields['gameIds.0'] ?? swapFields.gameIds, gameOptions)}
          {select('swap-second', 'Second game', second, setSecond, swapFields['gameIds.1'], gameOptions)}
          <button type="submit" className="button secondary" disabled={swap.isPending}>
            Swap
          </button>
        </form>
      </section>
      <section className="staff-panel" aria-labelledby="move-heading">
        <h3 id="move-heading">Move a game</h3>
        <form onSubmit={submitMove} noValidate>
          {move.error && <Alert>{errorMessage(move.error)}</Alert>}
          {select('move-game', 'Game', moving, setMoving, undefined, gameOptions)}
          {select(
            'move-slot',
            'Free slot',
            slot,
            setSlot,
            moveFields.date ?? moveFields.startTime ?? moveFields.areaId,
            schedule.freeSlots.map((s) => (
              <option key={slotKey(s)} value={slotKey(s)}>
                {formatDate(s.date)} {formatTime(s.startTime)}, {s.area.name}
              </option>
            )),
          )}
          {schedule.freeSlots.length === 0 && <p className="staff-muted">No slot of the game nights is free.</p>}
          <button type="submit" className="button secondary" disabled={move.isPending}>
            Move
          </button>
        </form>
      </section>
    </div>
  )
}
