import { useRef, useState, type ReactNode, type RefObject } from 'react'
import { useSearchParams } from 'react-router'
import type { AcademyWaiting } from '../../../shared/contracts/academies.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { WaitlistTable } from './waitlist-table.tsx'

/*
 * The staff's view of one program's people (an academy's participants, a camp's children, the
 * people at a drop-in session): the program chosen in the address, so the view can be bookmarked,
 * then its people, what they owe, the list as CSV and the waitlist. Each kind gives its words, its
 * columns and the actions at the end of a row.
 */

/**
 * The program whose people are shown, chosen in the address (`?camp=<id>`): chosen in the panel,
 * or by a row's button in the list below, which takes the reader up to the people.
 */
export function useChosenProgram(param: string) {
  const [search, setSearch] = useSearchParams()
  const programId = search.get(param) ?? ''
  const choose = (id: string) => setSearch(id ? { [param]: id } : {})
  const showParticipants = (id: string) => {
    choose(id)
    document.getElementById('participants-heading')?.focus()
  }
  return { programId, choose, showParticipants }
}

interface ProgramPeoplePanelProps {
  /** The panel's heading: "Participants", "Children". */
  title: string
  /** The program chosen, or ''. */
  programId: string
  onChoose(programId: string): void
  /** The choice of program: its id, label and prompt ("Choose a camp"). */
  chooser: { id: string; label: string; prompt: string }
  /** Every program to choose from; a closed one says so. */
  programs: readonly { id: string; text: string; isActive: boolean }[]
  /** What comes before the choice: the door's sessions of today. */
  before?: ReactNode
  /** The chosen program's people. */
  children: ReactNode
}

/** The panel: its heading, where the list's Participants button takes the reader, the choice of program, and the chosen program's people. */
export function ProgramPeoplePanel({ title, programId, onChoose, chooser, programs, before, children }: ProgramPeoplePanelProps) {
  return (
    <section className="staff-panel" aria-labelledby="participants-heading">
      <h2 id="participants-heading" tabIndex={-1}>
        {title}
      </h2>
      {before}
      <div className="toolbar">
        <FilterSelect id={chooser.id} label={chooser.label} value={programId} onChange={onChoose}>
          <option value="">{chooser.prompt}</option>
          {programs.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.text}${p.isActive ? '' : ' (closed)'}`}
            </option>
          ))}
        </FilterSelect>
      </div>
      {programId && children}
    </section>
  )
}

/** A program's people before their answer: why it failed ("There is no such camp." when it is gone), or that it loads. */
export function PeopleNotYet({ error, missing, loading }: { error: Error | null; missing: string; loading: string }) {
  if (error) return <Alert>{error instanceof ApiError && error.status === 404 ? missing : errorMessage(error)}</Alert>
  return <p className="loading">{loading}</p>
}

/**
 * The news of a change to a program's people for the status line: a row that moved or ended
 * leaves the table, so focus goes to the program's heading, above the news.
 */
export function usePeopleNews(): { outcome: string; heading: RefObject<HTMLHeadingElement | null>; done(news: string): void } {
  const [outcome, setOutcome] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  return {
    outcome,
    heading,
    done: (news) => {
      setOutcome(news)
      heading.current?.focus()
    },
  }
}

interface ProgramPeopleProps {
  name: string
  /** Its heading's ref, when a change moves focus to it (usePeopleNews). */
  heading?: RefObject<HTMLHeadingElement | null>
  /** Its dates and places: "First session 2/2/2027 · 7 of 10 places taken · 2 people waiting". */
  summary: ReactNode
  /** The status line: the news of the last change, or the door's headcount. */
  status: ReactNode
  /** The same list as a CSV file. */
  csv: string
  /** Whether the list is printed for the door. */
  print: boolean
  /** The people with a place, in the kind's table; null when nobody has one yet. */
  table: ReactNode | null
  waitlist: AcademyWaiting[]
}

/** A program's people once read: its name and summary, the status line, the list to download (and print), its table and its waitlist. */
export function ProgramPeople({ name, heading, summary, status, csv, print, table, waitlist }: ProgramPeopleProps) {
  return (
    <>
      <h3 ref={heading} tabIndex={heading ? -1 : undefined}>
        {name}
      </h3>
      <p>{summary}</p>
      {status}
      <div className="staff-actions">
        <a className="button secondary" href={csv} download>
          Download CSV
        </a>
        {print && (
          <button type="button" className="button secondary" onClick={() => window.print()}>
            Print the list
          </button>
        )}
      </div>
      {table ?? <p>Nobody has a place yet.</p>}
      <WaitlistTable programName={name} waitlist={waitlist} />
    </>
  )
}

/** The status line of the news of a change (usePeopleNews). */
export function PeopleOutcome({ outcome }: { outcome: string }) {
  return (
    <p role="status" className="staff-outcome">
      {outcome}
    </p>
  )
}
