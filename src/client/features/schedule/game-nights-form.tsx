import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { WEEKDAY_NAMES, WEEKDAYS } from '../../../shared/academy-schedule.ts'
import type { GameNights, readGameNights } from '../../../shared/contracts/schedule.ts'
import type { Answer } from '../../../shared/contracts/contract.ts'
import { formatDate } from '../../../shared/format.ts'
import type { GameNightsInput } from '../../../shared/schemas/schedule.ts'
import { TIE_BREAK_LABELS, TIE_BREAKS, type TieBreakChoice } from '../../../shared/tie-breaks.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import type { playingAreasQuery } from '../../queries/playing-areas.ts'
import { useSetGameNights } from './api/use-schedule-changes.ts'

/**
 * A team league's game nights (issue 33): the weekdays, the first and last game's start, the game
 * length, the playing areas hosting its sport, the dates skipped, how many games each team plays
 * and the standings rules. The server checks them all; each refusal is shown at its field.
 */

type Count = 'single' | 'double' | 'weeks'
type NightsAnswer = Answer<typeof readGameNights>
type ScheduleLeague = NightsAnswer['league']
type StandingsRules = NightsAnswer['defaultStandings']

const countOf = (nights: GameNights | null): Count =>
  nights?.gameCount.kind === 'weeks' ? 'weeks' : nights?.gameCount.meetings === 2 ? 'double' : 'single'

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children(describedBy: string | undefined): ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(error ? `${id}-error` : undefined)}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

function FieldsetError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null
}

export function GameNightsForm({
  league,
  answer,
  areasQuery,
  onSaved,
}: {
  league: ScheduleLeague
  answer: NightsAnswer
  areasQuery: ReturnType<typeof playingAreasQuery>
  onSaved(): void
}) {
  const nights = answer.gameNights
  const rules: StandingsRules = nights?.standings ?? answer.defaultStandings
  const areas = useQuery(areasQuery)
  const save = useSetGameNights(league.id)
  const [weekdays, setWeekdays] = useState<Set<number>>(new Set(nights?.weekdays ?? []))
  const [firstGameTime, setFirst] = useState(nights?.firstGameTime ?? '18:00')
  const [lastGameTime, setLast] = useState(nights?.lastGameTime ?? '21:00')
  const [gameMinutes, setMinutes] = useState(String(nights?.gameMinutes ?? 60))
  const [areaIds, setAreaIds] = useState<string[]>(nights?.areas.map((a) => a.id) ?? [])
  const [skipped, setSkipped] = useState<string[]>(nights?.skippedDates ?? [])
  const [skipDate, setSkipDate] = useState('')
  const [count, setCount] = useState<Count>(countOf(nights))
  const [weeks, setWeeks] = useState(String(nights?.gameCount.kind === 'weeks' ? nights.gameCount.weeks : 10))
  const [win, setWin] = useState(String(rules.win))
  const [tie, setTie] = useState(String(rules.tie))
  const [loss, setLoss] = useState(String(rules.loss))
  const [forfeitWinner, setForfeitWinner] = useState(String(rules.forfeitScore.winner))
  const [forfeitLoser, setForfeitLoser] = useState(String(rules.forfeitScore.loser))
  const [tieBreaks, setTieBreaks] = useState<(TieBreakChoice | '')[]>(TIE_BREAKS.map((_, i) => rules.tieBreaks[i] ?? ''))
  const fields = save.error instanceof ApiError ? save.error.fields : {}
  const sportAreas = (areas.data?.areas ?? []).filter((a) => a.sports.includes(league.sport) || areaIds.includes(a.id))

  const toggle = <T,>(list: Set<T>, item: T, on: boolean) => {
    const next = new Set(list)
    if (on) next.add(item)
    else next.delete(item)
    return next
  }
  const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input: GameNightsInput = {
      weekdays: WEEKDAYS.filter((d) => weekdays.has(d)),
      firstGameTime,
      lastGameTime,
      gameMinutes: whole(gameMinutes),
      areaIds,
      skippedDates: skipped,
      gameCount: count === 'weeks' ? { kind: 'weeks', weeks: whole(weeks) } : { kind: 'round-robin', meetings: count === 'double' ? 2 : 1 },
      standings: {
        win: whole(win),
        tie: whole(tie),
        loss: whole(loss),
        forfeitScore: { winner: whole(forfeitWinner), loser: whole(forfeitLoser) },
        tieBreaks: tieBreaks.filter((t): t is TieBreakChoice => t !== ''),
      },
    }
    save.mutate(input, { onSuccess: onSaved })
  }
  const addSkipped = () => {
    if (skipDate && !skipped.includes(skipDate)) setSkipped([...skipped, skipDate].sort())
    setSkipDate('')
  }
  const numberInput = (id: string, label: string, value: string, set: (v: string) => void, error: string | undefined) => (
    <Field id={id} label={label} error={error}>
      {(describedBy) => (
        <input id={id} type="text" inputMode="numeric" autoComplete="off" value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => set(e.target.value)} />
      )}
    </Field>
  )
  const timeInput = (id: string, label: string, value: string, set: (v: string) => void, error: string | undefined) => (
    <Field id={id} label={label} error={error}>
      {(describedBy) => <input id={id} type="time" step={300} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => set(e.target.value)} />}
    </Field>
  )

  return (
    <section className="staff-panel" aria-labelledby="game-nights-heading">
      <h2 id="game-nights-heading">Game nights</h2>
      <p className="staff-muted">
        The season runs from {formatDate(league.startDate)} to {formatDate(league.endDate)}.
      </p>
      <form onSubmit={submit} noValidate>
        {save.error && <Alert>{errorMessage(save.error)}</Alert>}
        <fieldset aria-describedby={fields.weekdays ? 'nights-weekdays-error' : undefined}>
          <legend>Weekdays</legend>
          <div className="staff-weekdays">
            {WEEKDAYS.map((day) => (
              <label key={day} className="staff-weekday">
                <input type="checkbox" checked={weekdays.has(day)} onChange={(e) => setWeekdays(toggle(weekdays, day, e.target.checked))} />
                {WEEKDAY_NAMES[day]}
              </label>
            ))}
          </div>
          <FieldsetError id="nights-weekdays-error" error={fields.weekdays} />
        </fieldset>
        <div className="staff-form-grid">
          {timeInput('nights-first', 'First game starts', firstGameTime, setFirst, fields.firstGameTime)}
          {timeInput('nights-last', 'Last game starts', lastGameTime, setLast, fields.lastGameTime)}
          {numberInput('nights-minutes', 'Game length (minutes)', gameMinutes, setMinutes, fields.gameMinutes)}
        </div>
        <fieldset aria-describedby={fields.areaIds ? 'nights-areas-error' : undefined}>
          <legend>Playing areas</legend>
          {areas.error && <Alert>{errorMessage(areas.error)}</Alert>}
          {areas.data && sportAreas.length === 0 && <p>No playing area hosts this league’s sport yet: add one on the Playing Areas page.</p>}
          <div className="staff-weekdays">
            {sportAreas.map((area) => (
              <label key={area.id} className="staff-weekday">
                <input
                  type="checkbox"
                  checked={areaIds.includes(area.id)}
                  onChange={(e) => setAreaIds(e.target.checked ? [...areaIds, area.id] : areaIds.filter((id) => id !== area.id))}
                />
                {area.name}
              </label>
            ))}
          </div>
          <FieldsetError id="nights-areas-error" error={fields.areaIds} />
        </fieldset>
        <fieldset aria-describedby={fields.skippedDates ? 'nights-skipped-error' : undefined}>
          <legend>Dates skipped (holidays)</legend>
          <div className="staff-inline-add">
            <div className="field">
              <label htmlFor="nights-skip">Date to skip</label>
              <input id="nights-skip" type="date" min={league.startDate} max={league.endDate} value={skipDate} onChange={(e) => setSkipDate(e.target.value)} />
            </div>
            <button type="button" className="button secondary" onClick={addSkipped}>
              Skip this date
            </button>
          </div>
          {skipped.length > 0 && (
            <ul className="staff-chips">
              {skipped.map((date) => (
                <li key={date}>
                  {formatDate(date)}{' '}
                  <button type="button" className="button secondary" onClick={() => setSkipped(skipped.filter((d) => d !== date))}>
                    Remove<span className="visually-hidden"> {formatDate(date)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <FieldsetError id="nights-skipped-error" error={fields.skippedDates ?? Object.entries(fields).find(([k]) => k.startsWith('skippedDates.'))?.[1]} />
        </fieldset>
        <div className="staff-form-grid">
          <Field id="nights-count" label="Games" error={fields.gameCount}>
            {(describedBy) => (
              <select id="nights-count" value={count} aria-describedby={describedBy} onChange={(e) => setCount(e.target.value as Count)}>
                <option value="single">Single round robin: every pair meets once</option>
                <option value="double">Double round robin: every pair meets twice</option>
                <option value="weeks">A number of weeks, one game a week</option>
              </select>
            )}
          </Field>
          {count === 'weeks' && numberInput('nights-weeks', 'Weeks', weeks, setWeeks, fields['gameCount.weeks'])}
        </div>
        <fieldset>
          <legend>Standings</legend>
          <div className="staff-form-grid">
            {numberInput('standings-win', 'Points for a win', win, setWin, fields['standings.win'])}
            {numberInput('standings-tie', 'Points for a tie', tie, setTie, fields['standings.tie'])}
            {numberInput('standings-loss', 'Points for a loss', loss, setLoss, fields['standings.loss'])}
            {numberInput('forfeit-winner', 'Forfeit score: winner', forfeitWinner, setForfeitWinner, fields['standings.forfeitScore.winner'] ?? fields['standings.forfeitScore'])}
            {numberInput('forfeit-loser', 'Forfeit score: loser', forfeitLoser, setForfeitLoser, fields['standings.forfeitScore.loser'])}
          </div>
          <div className="staff-form-grid">
            {TIE_BREAKS.map((_, i) => (
              <Field key={i} id={`tie-break-${i}`} label={`Tie-break ${i + 1}`} error={i === 0 ? fields['standings.tieBreaks'] : undefined}>
                {(describedBy) => (
                  <select
                    id={`tie-break-${i}`}
                    value={tieBreaks[i]}
                    aria-describedby={describedBy}
                    onChange={(e) => setTieBreaks(tieBreaks.map((t, j) => (j === i ? (e.target.value as TieBreakChoice | '') : t)))}
                  >
                    <option value="">None</option>
                    {TIE_BREAKS.map((t) => (
                      <option key={t} value={t}>
                        {TIE_BREAK_LABELS[t]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          </div>
        </fieldset>
        <div className="staff-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save game nights'}
          </button>
        </div>
      </form>
    </section>
  )
}
