import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { formatDate } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { blackoutsQuery } from '../../queries/teams.ts'
import { useSetBlackouts } from './api/use-set-blackouts.ts'

/**
 * A captain's blackout dates on the team page (issue 33): the dates of the season the team asks
 * not to play, each saved as it is added or removed. The schedule's generator keeps them where it
 * can; staff see them on the league's schedule page.
 */

export function BlackoutDates({ leagueId, teamId }: { leagueId: string; teamId: string }) {
  const { data, error } = useQuery(blackoutsQuery(leagueId, teamId))
  const save = useSetBlackouts(leagueId, teamId)
  const [date, setDate] = useState('')
  const [outcome, setOutcome] = useState('')
  if (error) return <Alert>{errorMessage(error)}</Alert>
  if (!data) return null
  const { dates, season, most } = data.blackouts
  const fieldError = save.error instanceof ApiError ? save.error.fields.dates : undefined
  const change = (next: string[], said: string) => {
    setOutcome('')
    save.mutate(next, { onSuccess: () => setOutcome(said) })
  }
  const add = (event: FormEvent) => {
    event.preventDefault()
    change([...dates, date], `Added ${date ? formatDate(date) : 'the date'}.`)
    setDate('')
  }
  return (
    <section className="account-panel" aria-labelledby="team-blackouts">
      <h3 id="team-blackouts">Blackout dates</h3>
      <p>
        Dates the team cannot play, at most {most}, from {formatDate(season.startDate)} to {formatDate(season.endDate)}. The schedule keeps them where it can.
      </p>
      {dates.length === 0 ? (
        <p>No blackout dates.</p>
      ) : (
        <ul>
          {dates.map((d) => (
            <li key={d}>
              {formatDate(d)}{' '}
              <button type="button" className="button secondary" disabled={save.isPending} onClick={() => change(dates.filter((x) => x !== d), `Removed ${formatDate(d)}.`)}>
                Remove<span className="visually-hidden"> {formatDate(d)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {save.error && !fieldError && <Alert>{errorMessage(save.error)}</Alert>}
      {dates.length < most && (
        <form onSubmit={add} noValidate>
          <div className="field">
            <label htmlFor="blackout-date">Add a date</label>
            <input
              id="blackout-date"
              type="date"
              min={season.startDate}
              max={season.endDate}
              value={date}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'blackout-date-error' : undefined}
              onChange={(e) => setDate(e.target.value)}
            />
            {fieldError && (
              <p className="field-error" id="blackout-date-error">
                {fieldError}
              </p>
            )}
          </div>
          <button type="submit" className="button secondary" disabled={save.isPending || date === ''}>
            Add the date
          </button>
        </form>
      )}
      <p role="status">{outcome}</p>
    </section>
  )
}
