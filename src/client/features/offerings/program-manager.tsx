import type { UseMutationResult } from '@tanstack/react-query'
import { useCallback, useState, type ComponentType, type ReactNode } from 'react'
import { countOf } from '../../../shared/format.ts'
import { SPORT_LABELS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import type { ProgramFormProps, SavedProgram } from './program.ts'
import { priceText } from './program-text.ts'

/** What the staff's list reads of every program (an academy, a camp, a drop-in session). */
export interface ManagedProgram {
  id: string
  name: string
  sport: Sport | null
  isActive: boolean
  priceCents: number
  payAtSignUp: boolean
  waitlistSize: number
}

/** A kind's open-and-close write (its api/ hook): the program as it is after the change. */
export type SetProgramOpen<P> = Pick<UseMutationResult<P, Error, { program: P; isActive: boolean }>, 'mutate' | 'reset' | 'error' | 'isPending'>

/** The words of a kind's staff list: "academy" and "academies" say "New academy", "All academies", "Loading academies…". */
export interface ProgramWords {
  /** The kind in element ids: "academy", "drop-in". */
  slug: string
  one: string
  many: string
  /** Who waits on its waitlist, one and many: "person", "people". */
  waiting: readonly [string, string]
}

interface ProgramManagerProps<P extends ManagedProgram> {
  words: ProgramWords
  /** The kind's programs; undefined while they load. */
  programs: P[] | undefined
  error: Error | null
  canChange: boolean
  columns: StaffColumn<P>[]
  /** How a row's buttons name their program: "Skills", "Open Gym on 3/6/2027". */
  rowName(program: P): string
  /** The row's first button, to the program's people: its words ("Participants") and how it joins the program's name ("of"). */
  people: { label: string; joined: string }
  onShowParticipants(programId: string): void
  setOpen: SetProgramOpen<P>
  /** The kind's form panel (offerings/program-form.tsx). */
  Form: ComponentType<ProgramFormProps<P>>
  /** A search above a list that grows long: a keyboard reaches one program's buttons by typing its name instead of tabbing past every row. */
  find?: { label: string; matches(program: P, needle: string): boolean; none(typed: string): string }
}

/**
 * The staff's list of a kind of program: every program with its columns and places, its people,
 * and for admins create, edit, open and close, with what changed said in the status line.
 */
export function ProgramManager<P extends ManagedProgram>({ words, programs, error, canChange, columns, rowName, people, onShowParticipants, setOpen, Form, find }: ProgramManagerProps<P>) {
  const editButtonId = useCallback((id: string) => `edit-${words.slug}-${id}`, [words.slug])
  const { editing, newButton, open: openPanel, close } = useEditPanel<P>(editButtonId)
  const [outcome, setOutcome] = useState('')
  const [typed, setTyped] = useState('')

  const open = (program: P | undefined) => {
    setOutcome('')
    setOpen.reset()
    openPanel(program)
  }
  const saved = ({ program, offered }: SavedProgram<P>, created: boolean) => {
    const parts = [created ? `Created ${program.name}; it is ${program.isActive ? 'open' : 'closed'} for registration.` : `Saved ${program.name}.`]
    if (offered > 0) parts.push(`${countOf(offered, ...words.waiting)} on the waitlist ${offered === 1 ? 'was' : 'were'} offered a place.`)
    setOutcome(parts.join(' '))
    close()
  }
  const toggle = (program: P) => {
    setOutcome('')
    setOpen.mutate({ program, isActive: !program.isActive }, { onSuccess: (after) => setOutcome(`${after.name} is now ${after.isActive ? 'open' : 'closed'} for registration.`) })
  }

  const needle = typed.trim().toLowerCase()
  const shown = find && needle !== '' ? (programs ?? []).filter((p) => find.matches(p, needle)) : (programs ?? [])
  const table = (
    <StaffTable
      label={`All ${words.many}`}
      columns={columns}
      rows={shown}
      rowKey={(p) => p.id}
      moreLabel={(p) => `More about ${rowName(p)}`}
      actions={(p) => (
        <div className="staff-actions staff-actions-stacked">
          <RowAction row={` ${people.joined} ${rowName(p)}`} onAct={() => onShowParticipants(p.id)}>
            {people.label}
          </RowAction>
          {canChange && (
            <>
              <RowAction id={editButtonId(p.id)} row={` ${rowName(p)}`} onAct={() => open(p)}>
                Edit
              </RowAction>
              <RowAction row={` ${rowName(p)}`} disabled={setOpen.isPending} onAct={() => toggle(p)}>
                {p.isActive ? 'Close' : 'Open'}
              </RowAction>
            </>
          )}
        </div>
      )}
    />
  )
  return (
    <>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {setOpen.error && <Alert>{errorMessage(setOpen.error)}</Alert>}
      {canChange &&
        (editing ? (
          <Form key={editing.item?.id ?? 'new'} program={editing.item} onSaved={saved} onCancel={close} />
        ) : (
          <p>
            <button ref={newButton} type="button" className="button" onClick={() => open(undefined)}>
              {`New ${words.one}`}
            </button>
          </p>
        ))}
      <h2>{`All ${words.many}`}</h2>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!programs && !error && <p className="loading">{`Loading ${words.many}…`}</p>}
      {programs && programs.length === 0 && (
        <p>
          {`There are no ${words.many} yet.`}
          {canChange && ` Create the first one with New ${words.one}.`}
        </p>
      )}
      {programs && programs.length > 0 && !find && table}
      {programs && programs.length > 0 && find && (
        <>
          <div className="field">
            <label htmlFor={`${words.slug}-find`}>{find.label}</label>
            <input id={`${words.slug}-find`} type="search" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </div>
          {shown.length === 0 ? <p>{find.none(typed.trim())}</p> : table}
        </>
      )}
    </>
  )
}

/** The program's sport over who takes part ("Ages 8–10", "Adults"). */
export function sportColumn<P extends ManagedProgram>(header: string, whoText: (program: P) => string): StaffColumn<P> {
  return {
    header,
    priority: 'wide',
    cell: (p) => (
      <>
        {p.sport ? SPORT_LABELS[p.sport] : '—'}
        <br />
        <span className="staff-muted">{whoText(p)}</span>
      </>
    ),
  }
}

/** The price, and whether it is paid at sign-up. */
export function priceColumn<P extends ManagedProgram>(): StaffColumn<P> {
  return {
    header: 'Price',
    className: 'staff-money',
    cell: (p) => (
      <>
        {priceText(p.priceCents)}
        {p.payAtSignUp && (
          <>
            <br />
            At sign-up
          </>
        )}
      </>
    ),
  }
}

/** Places taken of the capacity ("no limit" without one). */
export function placesColumn<P extends ManagedProgram & { placesTaken: number; capacity: number | null }>(): StaffColumn<P> {
  return { header: 'Places', cell: (p) => `${p.placesTaken} / ${p.capacity ?? 'no limit'}` }
}

/** The waitlist's length, and whether the program is open for registration. */
export function waitlistAndActiveColumns<P extends ManagedProgram>(waitlistPriority?: 'wide'): StaffColumn<P>[] {
  return [
    { header: 'Waitlist', ...(waitlistPriority ? { priority: waitlistPriority } : {}), cell: (p) => p.waitlistSize },
    {
      header: 'Active',
      cell: (p) => <span className={p.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{p.isActive ? 'Open' : 'Closed'}</span>,
    },
  ]
}

/** The program's name over its coach, and what the kind adds below (the academy's attendance). */
export function nameColumn<P extends ManagedProgram & { coach: string | null }>(below?: (program: P) => ReactNode): StaffColumn<P> {
  return {
    header: 'Name',
    rowHeader: true,
    cell: (p) => (
      <>
        {p.name}
        {p.coach && (
          <>
            <br />
            <span className="staff-muted">{p.coach}</span>
          </>
        )}
        {below?.(p)}
      </>
    ),
  }
}
