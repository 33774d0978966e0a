import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { PlayingArea } from '../../../shared/contracts/schedule.ts'
import { SPORT_LABELS, SPORTS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import type { playingAreasQuery } from '../../queries/playing-areas.ts'
import { useDeletePlayingArea, useSavePlayingArea } from './api/use-playing-area-changes.ts'
import { FacilityWeek } from './facility-week.tsx'

/**
 * /admin/playingAreas (issue 33): the facility's courts and fields and the sports each can host,
 * which a league's game nights choose from. One in use by a game, a league's game nights or an
 * academy, camp or drop-in session stays: the server says which. Below them, what is on each area
 * this week (facility-week.tsx).
 */

const editButtonId = (id: string) => `edit-area-${id}`

function usedText(area: PlayingArea): string {
  const parts = [area.games === 1 ? '1 game' : `${area.games} games`]
  if (area.leagues.length > 0) parts.push(area.leagues.map((l) => l.name).join(', '))
  if (area.programs.length > 0) parts.push(area.programs.join(', '))
  return parts.join(' · ')
}

export function PlayingAreasScreen({ areasQuery }: { areasQuery: ReturnType<typeof playingAreasQuery> }) {
  const { data, error } = useQuery(areasQuery)
  const { editing, newButton, open, close } = useEditPanel<PlayingArea>(editButtonId)
  const remove = useDeletePlayingArea()
  const [outcome, setOutcome] = useState('')

  const start = (area: PlayingArea | undefined) => {
    setOutcome('')
    remove.reset()
    open(area)
  }
  const saved = (area: PlayingArea, created: boolean) => {
    setOutcome(created ? `Added ${area.name}.` : `Saved ${area.name}.`)
    close()
  }
  const deleteArea = (area: PlayingArea) => {
    setOutcome('')
    remove.mutate(area.id, { onSuccess: () => setOutcome(`Deleted ${area.name}.`) })
  }

  const areas = data?.areas
  return (
    <>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {remove.error && <Alert>{errorMessage(remove.error)}</Alert>}
      {editing ? (
        <AreaForm key={editing.item?.id ?? 'new'} area={editing.item} onSaved={saved} onCancel={close} />
      ) : (
        <p>
          <button ref={newButton} type="button" className="button" onClick={() => start(undefined)}>
            New playing area
          </button>
        </p>
      )}
      <h2>Courts and fields</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!areas && !error && <p className="loading">Loading the playing areas…</p>}
      {areas && areas.length === 0 && <p>There are no playing areas yet. Add the facility’s courts and fields with New playing area: a league’s game nights are scheduled on them.</p>}
      {areas && areas.length > 0 && (
        <StaffTable
          label="Playing areas"
          rows={areas}
          rowKey={(area) => area.id}
          columns={[
            { header: 'Name', rowHeader: true, cell: (area) => area.name },
            { header: 'Sports', className: 'staff-wrap', cell: (area) => area.sports.map((sport) => SPORT_LABELS[sport]).join(', ') },
            { header: 'Used by', className: 'staff-wrap', cell: (area) => usedText(area) },
          ]}
          actions={(area) => (
            <div className="staff-actions">
              <RowAction id={editButtonId(area.id)} row={` ${area.name}`} onAct={() => start(area)}>
                Edit
              </RowAction>
              <RowAction row={` ${area.name}`} disabled={remove.isPending} question={`Delete ${area.name}? Leagues can no longer schedule games on it.`} onAct={() => deleteArea(area)}>
                Delete
              </RowAction>
            </div>
          )}
        />
      )}
      <FacilityWeek />
    </>
  )
}

function AreaForm({ area, onSaved, onCancel }: { area: PlayingArea | undefined; onSaved(area: PlayingArea, created: boolean): void; onCancel(): void }) {
  const [name, setName] = useState(area?.name ?? '')
  const [sports, setSports] = useState<Set<Sport>>(new Set(area?.sports ?? []))
  const save = useSavePlayingArea()
  const heading = useRef<HTMLHeadingElement>(null)
  // The form opens where the button was: a keyboard or screen reader user starts at its heading.
  useEffect(() => heading.current?.focus(), [])
  const fields = save.error instanceof ApiError ? save.error.fields : {}
  const toggle = (sport: Sport, on: boolean) => {
    const next = new Set(sports)
    if (on) next.add(sport)
    else next.delete(sport)
    setSports(next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { areaId: area?.id ?? null, values: { name, sports: SPORTS.filter((sport) => sports.has(sport)) } },
      { onSuccess: (saved) => onSaved(saved, area === undefined) },
    )
  }
  return (
    <section className="staff-panel" aria-labelledby="area-form-heading">
      <h2 id="area-form-heading" ref={heading} tabIndex={-1}>
        {area ? `Edit ${area.name}` : 'New playing area'}
      </h2>
      <form onSubmit={submit} noValidate>
        {save.error && <Alert>{errorMessage(save.error)}</Alert>}
        <div className="field">
          <label htmlFor="area-name">Name</label>
          <input
            id="area-name"
            type="text"
            value={name}
            maxLength={60}
            aria-invalid={fields.name ? true : undefined}
            aria-describedby={fields.name ? 'area-name-error' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {fields.name && (
            <p className="field-error" id="area-name-error">
              {fields.name}
            </p>
          )}
        </div>
        <fieldset aria-describedby={fields.sports ? 'area-sports-error' : undefined}>
          <legend>Sports it can host</legend>
          <div className="staff-weekdays">
            {SPORTS.map((sport) => (
              <label key={sport} className="staff-weekday">
                <input type="checkbox" checked={sports.has(sport)} onChange={(e) => toggle(sport, e.target.checked)} />
                {SPORT_LABELS[sport]}
              </label>
            ))}
          </div>
          {fields.sports && (
            <p className="field-error" id="area-sports-error">
              {fields.sports}
            </p>
          )}
        </fieldset>
        <div className="staff-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : area ? 'Save' : 'Add playing area'}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
