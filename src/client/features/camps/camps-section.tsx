import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { facilityToday } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { campsQuery } from '../../queries/camps.ts'
import { siteConfig } from '../../site-config.ts'
import { CampCard } from './camp-card.tsx'

/**
 * The open camps where a family looks for something for their child beside the academies (the
 * Academies page): nothing when no camp is open, so the page reads as before.
 */
export function CampsSection() {
  const { data } = useQuery(campsQuery())
  // One reading of the clock per visit: rendering must not depend on when it happens.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))
  const camps = data?.camps ?? []
  if (camps.length === 0) return null
  return (
    <section aria-labelledby="camps-heading">
      <h2 id="camps-heading">Camps</h2>
      <p>
        A day or a school break of sport for children. <Link to={href('camps')}>See every camp, by sport and age</Link>.
      </p>
      <div className="sport-grid">
        {camps.map((camp) => (
          <CampCard key={camp.id} camp={camp} today={today} heading="h3" />
        ))}
      </div>
    </section>
  )
}
