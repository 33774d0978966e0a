import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { SPORT_LABELS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardFacts, type CardFact } from '../../components/ui/card-facts.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useToday } from './use-today.ts'

/*
 * The pages where a family finds a program (the Academies, Camps and Drop-in Sessions pages, and
 * the sections beside the academies): each program a card with its Sign Up.
 */

interface ProgramListScreenProps<P extends { id: string; sport: Sport | null }> {
  title: string
  intro: string
  /** The kind in element ids: "camp". */
  slug: string
  /** The programs open; null while they load. */
  programs: P[] | null
  failed: boolean
  /** What the page says when they failed to load, while they load, and when there are none. */
  words: { failed: string; loading: string; none: string }
  /** A filter by a child's age, and what the page says when no program takes it. */
  age?: { takes(program: P, age: number): boolean; noMatch: string }
  card(program: P, today: string): ReactNode
}

/** A page of a kind's open programs, filtered by sport (where there is more than one, or an age to filter by) and by a child's age. */
export function ProgramListScreen<P extends { id: string; sport: Sport | null }>({ title, intro, slug, programs, failed, words, age, card }: ProgramListScreenProps<P>) {
  const [sport, setSport] = useState<Sport | ''>('')
  const [typed, setTyped] = useState('')
  const ageId = useId()
  // The page arrives rendered: a filter changed before the script has taken it over would be lost.
  const hydrated = useHydrated()
  const today = useToday()

  const sports = [...new Set(programs?.flatMap((p) => (p.sport ? [p.sport] : [])))]
  const childAge = typed.trim() === '' ? null : Number(typed)
  const shown = programs?.filter((p) => (sport === '' || p.sport === sport) && (!age || childAge === null || !Number.isInteger(childAge) || age.takes(p, childAge)))

  return (
    <section className="page">
      <h1>{title}</h1>
      <p>{intro}</p>
      {failed && <Alert>{words.failed}</Alert>}
      {!failed && programs === null && <p className="loading">{words.loading}</p>}
      {programs?.length === 0 && <p>{words.none}</p>}
      {programs && (age ? programs.length > 0 : sports.length > 1) && (
        <div className="toolbar">
          <FilterSelect<Sport | ''> id={`${slug}-sport`} label="Sport" value={sport} onChange={setSport} disabled={!hydrated}>
            <option value="">All sports</option>
            {sports.map((s) => (
              <option key={s} value={s}>
                {SPORT_LABELS[s]}
              </option>
            ))}
          </FilterSelect>
          {age && (
            <div className="field">
              <label htmlFor={ageId}>Child’s age</label>
              <input id={ageId} type="number" inputMode="numeric" min={0} max={99} value={typed} readOnly={!hydrated} onChange={(e) => setTyped(e.target.value)} />
            </div>
          )}
        </div>
      )}
      {age && programs && programs.length > 0 && shown?.length === 0 && <p role="status">{age.noMatch}</p>}
      <div className="sport-grid">{shown?.map((p) => card(p, today))}</div>
    </section>
  )
}

interface ProgramCardProps {
  /** Its heading's id, which names the card. */
  id: string
  heading: 'h2' | 'h3'
  /** The line over its name: "Soccer camp"; null without a sport. */
  sport: string | null
  name: string
  facts: readonly CardFact[]
  description: string | null
  /** The places left, or null when there is nothing to say of them. */
  places: string | null
  /** Its sign-up page, and what the Sign Up link is called: "Sign Up: Skills Academy". */
  signUp: { to: string; label: string }
}

/** A program's card: its sport, name, facts, description and places, and its Sign Up. `heading` is its name's level on the page. */
export function ProgramCard({ id, heading: Heading, sport, name, facts, description, places, signUp }: ProgramCardProps) {
  return (
    <article className="sport-card" aria-labelledby={id}>
      {sport && <p className="signup-sport">{sport}</p>}
      <Heading id={id}>{name}</Heading>
      <CardFacts facts={facts} />
      {description && <p>{description}</p>}
      {places && <p className="signup-fact">{places}</p>}
      <p className="card-actions">
        <Link className="button" to={signUp.to} aria-label={signUp.label}>
          Sign Up
        </Link>
      </p>
    </article>
  )
}

interface ProgramsSectionProps<P extends { id: string }> {
  /** The kind in element ids: "camps". */
  slug: string
  title: string
  /** What the section offers, with a link to the kind's own page. */
  intro: ReactNode
  programs: readonly P[]
  card(program: P, today: string): ReactNode
}

/**
 * A kind's open programs where a family looks for something beside the academies (the Academies
 * page): nothing when none is open, so the page reads as before.
 */
export function ProgramsSection<P extends { id: string }>({ slug, title, intro, programs, card }: ProgramsSectionProps<P>) {
  const today = useToday()
  if (programs.length === 0) return null
  return (
    <section aria-labelledby={`${slug}-heading`}>
      <h2 id={`${slug}-heading`}>{title}</h2>
      <p>{intro}</p>
      <div className="sport-grid">{programs.map((p) => card(p, today))}</div>
    </section>
  )
}
