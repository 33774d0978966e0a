import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { facilityToday } from '../../../shared/format.ts'
import { SPORT_LABELS, type Sport } from '../../../shared/sports.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { dropInsQuery } from '../../queries/drop-ins.ts'
import { siteConfig } from '../../site-config.ts'
import { DropInCard } from './drop-in-card.tsx'

/** The Drop-in Sessions page (issue 31 §2): every session open for sale, the soonest first, filtered by sport. */
export function DropInsScreen() {
  const { data, isError: failed } = useQuery(dropInsQuery())
  const dropIns = data?.dropIns ?? null
  const [sport, setSport] = useState<Sport | ''>('')
  // The page arrives rendered: a filter changed before the script has taken it over would be lost.
  const hydrated = useHydrated()
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))

  const sports = [...new Set(dropIns?.flatMap((d) => (d.sport ? [d.sport] : [])))]
  const shown = dropIns?.filter((d) => sport === '' || d.sport === sport)

  return (
    <section className="page">
      <h1>Drop-in Sessions</h1>
      <p>One session on its own: open play, or a single session of an academy. Buy a place online or at the front desk.</p>
      {failed && <Alert>The drop-in sessions could not be loaded. Please try again later.</Alert>}
      {!failed && dropIns === null && <p className="loading">Loading drop-in sessions…</p>}
      {dropIns?.length === 0 && <p>There are no drop-in sessions open at this time.</p>}
      {dropIns && sports.length > 1 && (
        <div className="toolbar">
          <FilterSelect<Sport | ''> id="drop-in-sport" label="Sport" value={sport} onChange={setSport} disabled={!hydrated}>
            <option value="">All sports</option>
            {sports.map((s) => (
              <option key={s} value={s}>
                {SPORT_LABELS[s]}
              </option>
            ))}
          </FilterSelect>
        </div>
      )}
      <div className="sport-grid">
        {shown?.map((dropIn) => (
          <DropInCard key={dropIn.id} dropIn={dropIn} today={today} heading="h2" />
        ))}
      </div>
    </section>
  )
}
