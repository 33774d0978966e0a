import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { facilityToday } from '../../../shared/format.ts'
import { SPORT_LABELS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { campsQuery } from '../../queries/camps.ts'
import { siteConfig } from '../../site-config.ts'
import { takesAge } from '../offerings/program-text.ts'
import { CampCard } from './camp-card.tsx'
import { forChildren } from './camp-text.ts'

/** The Camps page (issue 31 §2): every open camp, a day or a school break, filtered by sport and by a child's age. */
export function CampsScreen() {
  const { data, isError: failed } = useQuery(campsQuery())
  const camps = data?.camps ?? null
  const [sport, setSport] = useState<Sport | ''>('')
  const [age, setAge] = useState('')
  const ageId = useId()
  // The page arrives rendered: a filter changed before the script has taken it over would be lost.
  const hydrated = useHydrated()
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))

  const sports = [...new Set(camps?.flatMap((c) => (c.sport ? [c.sport] : [])))]
  const childAge = age.trim() === '' ? null : Number(age)
  const shown = camps?.filter((c) => (sport === '' || c.sport === sport) && (childAge === null || !Number.isInteger(childAge) || takesAge(forChildren(c), childAge)))

  return (
    <section className="page">
      <h1>Camps</h1>
      <p>Day camps and school-break camps for children, open for registration.</p>
      {failed && <Alert>The camps could not be loaded. Please try again later.</Alert>}
      {!failed && camps === null && <p className="loading">Loading camps…</p>}
      {camps?.length === 0 && <p>There are no camps open for registration at this time.</p>}
      {camps && camps.length > 0 && (
        <div className="toolbar">
          <FilterSelect<Sport | ''> id="camp-sport" label="Sport" value={sport} onChange={setSport} disabled={!hydrated}>
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
      {camps && camps.length > 0 && shown?.length === 0 && <p role="status">No camp matches: try another sport or age.</p>}
      <div className="sport-grid">
        {shown?.map((camp) => (
          <CampCard key={camp.id} camp={camp} today={today} heading="h2" />
        ))}
      </div>
    </section>
  )
}
