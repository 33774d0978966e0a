import type { Camp } from '../../../shared/contracts/camps.ts'
import { href } from '../../../shared/paths.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import { ProgramCard } from '../offerings/program-list.tsx'
import { placesText } from '../offerings/program-text.ts'
import { campFacts } from './camp-text.ts'

/** A camp's card: its sport, name, days, hours, ages, price and places, and its Sign Up. `heading` is its name's level on the page. */
export function CampCard({ camp, today, heading }: { camp: Camp; today: string; heading: 'h2' | 'h3' }) {
  return (
    <ProgramCard
      id={`camp-${camp.id}`}
      heading={heading}
      sport={camp.sport && `${SPORT_LABELS[camp.sport]} camp`}
      name={camp.name}
      facts={campFacts(camp, today)}
      description={camp.description}
      places={placesText(camp)}
      signUp={{ to: href('campSignUp', { id: camp.id }), label: `Sign Up: ${camp.name}` }}
    />
  )
}
