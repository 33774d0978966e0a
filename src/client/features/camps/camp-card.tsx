import { Link } from 'react-router'
import type { Camp } from '../../../shared/contracts/camps.ts'
import { href } from '../../../shared/paths.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { placesText } from '../offerings/program-text.ts'
import { campFacts } from './camp-text.ts'

/** A camp's card: its sport, name, days, hours, ages, price and places, and its Sign Up. `heading` is its name's level on the page. */
export function CampCard({ camp, today, heading: Heading }: { camp: Camp; today: string; heading: 'h2' | 'h3' }) {
  const headingId = `camp-${camp.id}`
  const places = placesText(camp)
  return (
    <article className="sport-card" aria-labelledby={headingId}>
      {camp.sport && <p className="signup-sport">{SPORT_LABELS[camp.sport]} camp</p>}
      <Heading id={headingId}>{camp.name}</Heading>
      <CardFacts facts={campFacts(camp, today)} />
      {camp.description && <p>{camp.description}</p>}
      {places && <p className="signup-fact">{places}</p>}
      <p className="card-actions">
        <Link className="button" to={href('campSignUp', { id: camp.id })} aria-label={`Sign Up: ${camp.name}`}>
          Sign Up
        </Link>
      </p>
    </article>
  )
}
