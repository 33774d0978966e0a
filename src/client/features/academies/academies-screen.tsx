import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Academy } from '../../../shared/contracts/academies.ts'
import { href } from '../../../shared/paths.ts'
import { facilityToday } from '../../../shared/format.ts'
import { siteConfig } from '../../site-config.ts'
import { SPORT_LABELS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { academiesQuery } from '../../queries/academies.ts'
import { placesText, takesAge } from '../offerings/program-text.ts'
import { academyFacts } from './academy-text.ts'

/** The Academies page (issue 23): every open academy, filtered by sport and by a child's age. */
export function AcademiesScreen() {
  const { data, isError: failed } = useQuery(academiesQuery())
  const academies = data?.academies ?? null
  const [sport, setSport] = useState<Sport | ''>('')
  const [age, setAge] = useState('')
  const ageId = useId()
  // The page arrives rendered: a filter changed before the script has taken it over would be lost.
  const hydrated = useHydrated()
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))

  const sports = [...new Set(academies?.flatMap((a) => (a.sport ? [a.sport] : [])))]
  const childAge = age.trim() === '' ? null : Number(age)
  const shown = academies?.filter((a) => (sport === '' || a.sport === sport) && (childAge === null || !Number.isInteger(childAge) || takesAge(a, childAge)))

  return (
    <section className="page">
      <h1>Academies</h1>
      <p>Training programs open for registration.</p>
      {failed && <Alert>The academies could not be loaded. Please try again later.</Alert>}
      {!failed && academies === null && <p className="loading">Loading academies…</p>}
      {academies?.length === 0 && <p>There are no academies open for registration at this time.</p>}
      {academies && academies.length > 0 && (
        <div className="toolbar">
          <FilterSelect<Sport | ''> id="academy-sport" label="Sport" value={sport} onChange={setSport} disabled={!hydrated}>
            <option value="">All sports</option>
            {sports.map((s) => (
              <option key={s} value={s}>
                {SPORT_LABELS[s]}
              </option>
            ))}
          </FilterSelect>
          <div className="field">
            <label htmlFor={ageId}>Child’s age</label>
            <input id={ageId} type="number" inputMode="numeric" min={0} max={99} value={age} readOnly={!hydrated} onChange={(e) => setAge(e.target.value)} />
          </div>
        </div>
      )}
      {academies && academies.length > 0 && shown?.length === 0 && (
        <p role="status">No academy matches: try another sport or age.</p>
      )}
      <div className="sport-grid">
        {shown?.map((academy) => (
          <AcademyCard key={academy.id} academy={academy} today={today} />
        ))}
      </div>
    </section>
  )
}

function AcademyCard({ academy, today }: { academy: Academy; today: string }) {
  const headingId = `academy-${academy.id}`
  const places = placesText(academy)
  return (
    <article className="sport-card" aria-labelledby={headingId}>
      {academy.sport && <p className="signup-sport">{SPORT_LABELS[academy.sport]}</p>}
      <h2 id={headingId}>{academy.name}</h2>
      <CardFacts facts={academyFacts(academy, today)} />
      {academy.description && <p>{academy.description}</p>}
      {places && <p className="signup-fact">{places}</p>}
      <p className="card-actions">
        <Link className="button" to={href('academySignUp', { id: academy.id })} aria-label={`Sign Up: ${academy.name}`}>
          Sign Up
        </Link>
      </p>
    </article>
  )
}
