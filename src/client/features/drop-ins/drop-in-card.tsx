import { Link } from 'react-router'
import type { DropIn } from '../../../shared/contracts/drop-ins.ts'
import { href } from '../../../shared/paths.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { dropInFacts, dropInWhenText, spotsText } from './drop-in-text.ts'

/** A drop-in's card: its sport, name, day and hours, who takes part, price and spots, and its Sign Up. `heading` is its name's level on the page. */
export function DropInCard({ dropIn, today, heading: Heading }: { dropIn: DropIn; today: string; heading: 'h2' | 'h3' }) {
  const headingId = `drop-in-${dropIn.id}`
  return (
    <article className="sport-card" aria-labelledby={headingId}>
      {dropIn.sport && <p className="signup-sport">{SPORT_LABELS[dropIn.sport]} drop-in</p>}
      <Heading id={headingId}>{dropIn.name}</Heading>
      <CardFacts facts={dropInFacts(dropIn, today)} />
      {dropIn.description && <p>{dropIn.description}</p>}
      <p className="signup-fact">{spotsText(dropIn)}</p>
      <p className="card-actions">
        <Link className="button" to={href('dropInSignUp', { id: dropIn.id })} aria-label={`Sign Up: ${dropIn.name}, ${dropInWhenText(dropIn, today)}`}>
          Sign Up
        </Link>
      </p>
    </article>
  )
}
