import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { facilityToday } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { dropInsQuery } from '../../queries/drop-ins.ts'
import { siteConfig } from '../../site-config.ts'
import { DropInCard } from './drop-in-card.tsx'

/** The sessions shown beside the academies and camps; the rest are on the Drop-in Sessions page. */
const SHOWN = 6

/**
 * The soonest drop-in sessions where a family looks for something beside the academies (the
 * Academies page): nothing when none is open, so the page reads as before.
 */
export function DropInsSection() {
  const { data } = useQuery(dropInsQuery())
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))
  const dropIns = data?.dropIns ?? []
  if (dropIns.length === 0) return null
  return (
    <section aria-labelledby="drop-ins-heading">
      <h2 id="drop-ins-heading">Drop-in sessions</h2>
      <p>
        One session on its own, for open play or a taste of an academy. <Link to={href('dropIns')}>See every drop-in session</Link>.
      </p>
      <div className="sport-grid">
        {dropIns.slice(0, SHOWN).map((dropIn) => (
          <DropInCard key={dropIn.id} dropIn={dropIn} today={today} heading="h3" />
        ))}
      </div>
    </section>
  )
}
