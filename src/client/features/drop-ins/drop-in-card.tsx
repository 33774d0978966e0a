import type { DropIn } from '../../../shared/contracts/drop-ins.ts'
import { href } from '../../../shared/paths.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { ProgramCard } from '../offerings/program-list.tsx'
import { placesText } from '../offerings/program-text.ts'
import { dropInFacts, dropInWhenText } from './drop-in-text.ts'

/** A drop-in's card: its sport, name, day and hours, who takes part, price and places left, and its Sign Up. `heading` is its name's level on the page. */
export function DropInCard({ dropIn, today, heading }: { dropIn: DropIn; today: string; heading: 'h2' | 'h3' }) {
  return (
    <ProgramCard
      id={`drop-in-${dropIn.id}`}
      heading={heading}
      sport={dropIn.sport && `${SPORT_LABELS[dropIn.sport]} drop-in`}
      name={dropIn.name}
      facts={dropInFacts(dropIn, today)}
      description={dropIn.description}
      places={placesText(dropIn)}
      signUp={{ to: href('dropInSignUp', { id: dropIn.id }), label: `Sign Up: ${dropIn.name}, ${dropInWhenText(dropIn, today)}` }}
    />
  )
}
